extension Effect {
  /// Marks this effect as cancellable with `id`, so ``cancel(id:)`` (or a later effect with the
  /// same id and `cancelInFlight: true`) can stop it.
  ///
  /// Ids are scoped to one store. Cancelling an effect cancels the task running it: `Task.sleep`
  /// and clock sleeps throw, `for await` loops over cancellation-aware streams end, and `send`
  /// drops anything sent afterwards.
  ///
  /// - Parameters:
  ///   - id: Any hashable, sendable value. A dedicated `enum CancelID { case motion }` reads best.
  ///   - cancelInFlight: Whether to cancel every running effect with the same `id` before starting
  ///     this one. This is how debouncing works (see ``Effect``).
  public func cancellable(id: some Hashable & Sendable, cancelInFlight: Bool = false) -> Self {
    if case .none = operation, !cancelInFlight { return self }
    return Self(
      operation: .cancellable(id: AnyHashableSendable(id), cancelInFlight: cancelInFlight, self))
  }

  /// An effect that cancels every running effect marked cancellable with `id`.
  public static func cancel(id: some Hashable & Sendable) -> Self {
    Self(operation: .cancel(id: AnyHashableSendable(id)))
  }
}
