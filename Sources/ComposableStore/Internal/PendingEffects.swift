import Synchronization

/// The effects of an action that was queued rather than handled at once (sent from inside the
/// reducer): filled and sealed by the thread running the reducer, awaited by a ``StoreTask``.
@usableFromInline
final class PendingEffects: Sendable {
  private struct State {
    var tasks: [Task<Void, Never>] = []
    var sealed = false
    var cancelled = false
    var waiters: [CheckedContinuation<[Task<Void, Never>], Never>] = []
  }

  private let state = Mutex(State())

  @usableFromInline
  init() {}

  /// Adds tasks started for the action; cancels them at once if the handle was cancelled.
  @usableFromInline
  func append(_ tasks: [Task<Void, Never>]) {
    guard !tasks.isEmpty else { return }
    let cancelled = state.withLock { state in
      state.tasks += tasks
      return state.cancelled
    }
    if cancelled { for task in tasks { task.cancel() } }
  }

  /// Marks the action as handled: no more tasks will come.
  @usableFromInline
  func seal() {
    let (waiters, tasks) = state.withLock { state in
      state.sealed = true
      defer { state.waiters = [] }
      return (state.waiters, state.tasks)
    }
    for waiter in waiters { waiter.resume(returning: tasks) }
  }

  func cancel() {
    let tasks = state.withLock { state in
      state.cancelled = true
      return state.tasks
    }
    for task in tasks { task.cancel() }
  }

  var isCancelled: Bool { state.withLock(\.cancelled) }
  var hasTasks: Bool { state.withLock { !$0.tasks.isEmpty } }

  /// The action's tasks, once the action has been handled.
  func sealedTasks() async -> [Task<Void, Never>] {
    await withCheckedContinuation { waiter in
      let ready: [Task<Void, Never>]? = state.withLock { state in
        guard state.sealed else {
          state.waiters.append(waiter)
          return nil
        }
        return state.tasks
      }
      if let ready { waiter.resume(returning: ready) }
    }
  }
}
