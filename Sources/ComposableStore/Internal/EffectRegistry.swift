/// The bookkeeping of running effect tasks, as a plain state machine: which tasks run, under
/// which cancellation ids, started by which action, and who waits for them all to end.
///
/// It does no locking and starts no tasks itself; ``EffectRuntime`` keeps it in a `Mutex`. Tests
/// drive it directly.
struct EffectRegistry<Handle, Origin> {
  struct Entry {
    var handle: Handle?
    let ids: [AnyHashableSendable]
    let origin: Origin
  }

  private(set) var entries: [UInt64: Entry] = [:]
  private var byID: [AnyHashableSendable: Set<UInt64>] = [:]
  private var nextToken: UInt64 = 0
  private var idleWaiters: [CheckedContinuation<Void, Never>] = []

  /// The number of effects started and not yet completed or cancelled.
  var count: Int { entries.count }

  /// Reserves a token for a task about to start with cancellation ids `ids`.
  mutating func reserve(ids: [AnyHashableSendable], origin: Origin) -> UInt64 {
    nextToken &+= 1
    let token = nextToken
    entries[token] = Entry(handle: nil, ids: ids, origin: origin)
    for id in ids { byID[id, default: []].insert(token) }
    return token
  }

  /// Attaches the task handle to a reserved token; a no-op if it already completed.
  mutating func attach(_ handle: Handle, to token: UInt64) {
    entries[token]?.handle = handle
  }

  /// Removes a completed task. Returns the waiters to resume if nothing is left running.
  mutating func complete(_ token: UInt64) -> [CheckedContinuation<Void, Never>] {
    guard let entry = entries.removeValue(forKey: token) else { return [] }
    for id in entry.ids {
      byID[id]?.remove(token)
      if byID[id]?.isEmpty == true { byID[id] = nil }
    }
    return takeWaitersIfIdle()
  }

  /// Removes every task marked with `id` and returns their handles, for the caller to cancel.
  mutating func cancel(id: AnyHashableSendable) -> [Handle] {
    guard let tokens = byID[id] else { return [] }
    var handles: [Handle] = []
    for token in tokens {
      // A cancelled task stays registered until it really ends, so "in flight" stays truthful;
      // only its membership in `id` ends now, so a new effect with `id` is not cancelled with it.
      if let handle = entries[token]?.handle { handles.append(handle) }
    }
    byID[id] = nil
    return handles
  }

  /// Every registered task, for cancelling them all.
  var allHandles: [Handle] { entries.values.compactMap(\.handle) }

  /// Registers a waiter to resume once nothing is running; returns `false` if already idle.
  mutating func addIdleWaiter(_ waiter: CheckedContinuation<Void, Never>) -> Bool {
    guard !entries.isEmpty else { return false }
    idleWaiters.append(waiter)
    return true
  }

  private mutating func takeWaitersIfIdle() -> [CheckedContinuation<Void, Never>] {
    guard entries.isEmpty, !idleWaiters.isEmpty else { return [] }
    defer { idleWaiters = [] }
    return idleWaiters
  }
}
