/// The effects started by one ``Store/send(_:)``: await them with ``finish()`` or stop them with
/// ``cancel()``.
///
/// ```swift
/// let task = store.send(.startMonitoring)
/// …
/// task.cancel()          // stops the monitoring effect
/// await task.finish()    // returns once every effect of that action has ended
/// ```
public struct StoreTask: Sendable {
  @usableFromInline
  enum Storage: Sendable {
    case none
    case tasks([Task<Void, Never>])
    case pending(PendingEffects)
  }

  @usableFromInline
  let storage: Storage

  @usableFromInline
  init(_ storage: Storage) {
    self.storage = storage
  }

  /// Waits until every effect of the action has completed.
  ///
  /// If the task awaiting this is cancelled, the effects are cancelled too, so
  /// `await store.send(.task).finish()` ties an action's effects to the caller's lifetime.
  public func finish() async {
    let tasks = await self.tasks()
    await withTaskCancellationHandler {
      for task in tasks { await task.value }
    } onCancel: {
      for task in tasks { task.cancel() }
    }
  }

  /// Cancels every effect of the action.
  public func cancel() {
    switch storage {
    case .none: return
    case .tasks(let tasks): for task in tasks { task.cancel() }
    case .pending(let pending): pending.cancel()
    }
  }

  /// Whether the effects were cancelled. An action without effects is never cancelled.
  public var isCancelled: Bool {
    switch storage {
    case .none: false
    case .tasks(let tasks): !tasks.isEmpty && tasks.allSatisfy(\.isCancelled)
    case .pending(let pending): pending.isCancelled
    }
  }

  /// Whether the action started any effect task. Synchronous effects (`.send`) do not count.
  public var hasEffects: Bool {
    switch storage {
    case .none: false
    case .tasks(let tasks): !tasks.isEmpty
    case .pending(let pending): pending.hasTasks
    }
  }

  private func tasks() async -> [Task<Void, Never>] {
    switch storage {
    case .none: []
    case .tasks(let tasks): tasks
    case .pending(let pending): await pending.sealedTasks()
    }
  }
}
