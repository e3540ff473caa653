import Synchronization

/// The operations running under `withTaskCancellation(id:)`, by id: one registry per store (its
/// runtime's), and one for the process, used outside any store's effect.
///
/// Entries live only while their operation runs: `withTaskCancellation` removes its entry when
/// the operation ends, however it ends, so the registry stays as small as what is running.
final class TaskCancellations: Sendable {
  private struct Registry {
    var byID: [AnyHashableSendable: [UInt64: @Sendable () -> Void]] = [:]
    var nextToken: UInt64 = 0
  }

  private let registry = Mutex(Registry())

  /// The registry for code outside any store's effect.
  static let process = TaskCancellations()

  /// Records `cancel` under `id`; returns the token that removes it.
  func insert(id: AnyHashableSendable, cancel: @escaping @Sendable () -> Void) -> UInt64 {
    registry.withLock { registry in
      registry.nextToken &+= 1
      registry.byID[id, default: [:]][registry.nextToken] = cancel
      return registry.nextToken
    }
  }

  /// Removes the entry `token` under `id`, if it is still there.
  func remove(id: AnyHashableSendable, token: UInt64) {
    registry.withLock { registry in
      registry.byID[id]?[token] = nil
      if registry.byID[id]?.isEmpty == true { registry.byID[id] = nil }
    }
  }

  /// Cancels every operation under `id`, outside the lock (a cancellation handler may call back).
  func cancel(id: AnyHashableSendable) {
    let cancels = registry.withLock { $0.byID.removeValue(forKey: id) }
    for cancel in cancels?.values ?? [:].values { cancel() }
  }

  /// The number of operations registered, for tests.
  var count: Int { registry.withLock { $0.byID.values.reduce(0) { $0 + $1.count } } }

  /// How many operations are registered under `id` (already qualified), for tests: TCA's
  /// `_cancellationCancellables.count` per id, so tests running in parallel do not interfere.
  func count(id: AnyHashableSendable) -> Int { registry.withLock { $0.byID[id]?.count ?? 0 } }
}

/// A store's runtime, which keeps the `withTaskCancellation` registry of its effects.
protocol TaskCancellationHost {
  var taskCancellations: TaskCancellations { get }
}

extension StoreRuntime: TaskCancellationHost {}

/// The children (outermost first) whose effect the current task runs, set by the composing
/// reducers around a child's `run` effects, so `Task.cancel(id:)` and `withTaskCancellation(id:)`
/// inside a child qualify their id as the child's `.cancellable(id:)` does.
enum CancellationPath {
  @TaskLocal static var current: [ChildEffectsID] = []

  /// `id` as the current task's child qualifies it.
  static func qualify(_ id: some Hashable & Sendable) -> AnyHashableSendable {
    let id = AnyHashableSendable(id)
    let path = current
    guard !path.isEmpty else { return id }
    return AnyHashableSendable(ScopedCancelID(path: path, id: id))
  }
}
