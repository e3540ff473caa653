import SensorsCore

/// Runs `operation` so that `Task.cancel(id:)`, `Effect.cancel(id:)` or a later
/// `withTaskCancellation(id:cancelInFlight: true)` with the same `id` can cancel it, from
/// anywhere inside an effect.
///
/// ```swift
/// case let .queryChanged(query):
///   return .run { send in
///     try await withTaskCancellation(id: CancelID.search, cancelInFlight: true) {
///       try await clock.sleep(for: .milliseconds(300))
///       await send(.search(query))
///     }
///   }
/// ```
///
/// Ids are scoped as ``Effect/cancellable(id:cancelInFlight:)``'s are: inside a store's effect,
/// to that store (and to the child feature, under `ifLet`, `ifCaseLet` and `forEach`); outside
/// any store, to the process.
///
/// - Parameters:
///   - id: Any hashable, sendable value; a dedicated `enum CancelID` reads best.
///   - cancelInFlight: Whether to cancel whatever runs under `id` (effects included) first.
///   - operation: The work, run in a child task that the cancellation cancels.
/// - Returns: What `operation` returns.
/// - Throws: What `operation` throws, such as `CancellationError` from a cancelled sleep.
public func withTaskCancellation<T: Sendable>(
  id: some Hashable & Sendable,
  cancelInFlight: Bool = false,
  operation: @escaping @Sendable () async throws -> T
) async throws -> T {
  let key = CancellationPath.qualify(id)
  let canceller = EffectScope.canceller
  if cancelInFlight { canceller.cancel(id: key) }
  let task = Task.inheritingExecutor { try await operation() }
  let token = canceller.insertOperation(id: key) { task.cancel() }
  defer { canceller.removeOperation(id: key, token: token) }
  return try await withTaskCancellationHandler {
    try await task.value
  } onCancel: {
    task.cancel()
  }
}

extension Task where Success == Never, Failure == Never {
  /// Cancels every effect and `withTaskCancellation(id:)` operation running under `id`: from
  /// inside an effect, those of its store (and child feature); elsewhere, those of the process.
  ///
  /// ```swift
  /// return .run { send in
  ///   if await sensor.isDisconnected() { Task.cancel(id: CancelID.stream) }
  /// }
  /// ```
  public static func cancel(id: some Hashable & Sendable) {
    EffectScope.canceller.cancel(id: CancellationPath.qualify(id))
  }
}
