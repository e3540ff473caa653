/// Sends actions from an ``Effect/run(priority:operation:catch:fileID:line:)`` effect back into
/// the store: `await send(.response(value))`.
///
/// Sending waits until the store's reducer has handled the action, so a fast producer is slowed
/// to the reducer's pace instead of filling a buffer (back-pressure). After the effect's task is
/// cancelled, `send` drops actions, so a cancelled effect never changes the state again.
public struct Send<Action: Sendable>: Sendable {
  let send: @Sendable (Action) async -> Void
  /// The same delivery without suspending, when the receiver offers one (a store's effects do:
  /// their reducer runs synchronously under the store's lock); nil for a sender made from an
  /// async closure. A producer that already runs on a thread of its own (a live sensor's
  /// reader) hands actions over here instead of waking a task per action. It does not check
  /// for cancellation: the caller does, as ``callAsFunction(_:)`` does for its task.
  package let immediate: (@Sendable (Action) -> Void)?

  /// Creates a sender from a closure; tests and adapters use this to collect what an effect sends.
  public init(send: @escaping @Sendable (Action) async -> Void) {
    self.send = send
    self.immediate = nil
  }

  /// A sender whose actions can also be delivered synchronously, through `immediate`. A static
  /// function, not an initialiser: a trailing synchronous closure must keep meaning
  /// ``init(send:)`` inside the package too.
  @usableFromInline
  package static func delivering(_ deliver: @escaping @Sendable (Action) -> Void) -> Send {
    Send(send: { deliver($0) }, immediate: deliver)
  }

  private init(
    send: @escaping @Sendable (Action) async -> Void,
    immediate: @escaping @Sendable (Action) -> Void
  ) {
    self.send = send
    self.immediate = immediate
  }

  /// Sends `action` to the store, unless the current task is cancelled.
  public func callAsFunction(_ action: Action) async {
    guard !Task.isCancelled else { return }
    await send(action)
  }
}
