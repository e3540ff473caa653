import Synchronization

/// Receives a store's state after every action: a stream's continuation, or a scope's
/// transformation in front of one.
@usableFromInline
struct StateObserver<State>: Sendable {
  /// Takes the state after an action.
  @usableFromInline let yield: @Sendable (State) -> Void
  /// The store is gone: no state will follow.
  let finish: @Sendable () -> Void

  init(yield: @escaping @Sendable (State) -> Void, finish: @escaping @Sendable () -> Void) {
    self.yield = yield
    self.finish = finish
  }

  init(_ continuation: AsyncStream<State>.Continuation) where State: Sendable {
    self.init(yield: { continuation.yield($0) }, finish: { continuation.finish() })
  }
}

extension StateObserver where State: Sendable {
  /// This observer, skipping a state `isDuplicate` finds equal to the one it yielded last.
  func skippingDuplicates(_ isDuplicate: @escaping @Sendable (State, State) -> Bool) -> Self {
    let last = LastState<State>()
    return StateObserver(
      yield: { state in
        let repeated = last.value.withLock { last in
          defer { last = state }
          return last.map { isDuplicate($0, state) } ?? false
        }
        if !repeated { yield(state) }
      },
      finish: finish)
  }
}

/// The state an observer yielded last.
private final class LastState<State: Sendable>: Sendable {
  let value = Mutex<State?>(nil)
}
