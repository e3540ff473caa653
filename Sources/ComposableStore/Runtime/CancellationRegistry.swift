import Synchronization

/// What runs under each cancellation id: effect tasks (`Effect.cancellable(id:)`) and
/// `withTaskCancellation(id:)` operations, in one table, so one `cancel(id:)` reaches both.
///
/// A value with no lock: a store keeps it inside its ``CoreMachine`` (one registry per store,
/// under the store's one lock), and ``ProcessCancellations`` keeps one for the code that runs
/// outside any store's effect. Entries live only while what they name runs.
struct CancellationRegistry {
  /// One thing running under an id.
  enum Entry {
    /// An effect task of the store, by its token; the machine knows its task.
    case effect
    /// A `withTaskCancellation(id:)` operation: cancelling it runs this (outside the lock).
    case operation(@Sendable () -> Void)
  }

  private var byID: [AnyHashableSendable: [UInt64: Entry]] = [:]
  private var lastToken: UInt64 = 0

  /// A token no entry of this registry has had: effect tokens and operation tokens share it.
  mutating func newToken() -> UInt64 {
    lastToken &+= 1
    return lastToken
  }

  /// Records `entry` under every id in `ids`, as `token`.
  mutating func insert(_ entry: Entry, token: UInt64, ids: some Sequence<AnyHashableSendable>) {
    for id in ids { byID[id, default: [:]][token] = entry }
  }

  /// Removes `token` from every id in `ids` it is still under.
  mutating func remove(token: UInt64, ids: some Sequence<AnyHashableSendable>) {
    for id in ids {
      byID[id]?[token] = nil
      if byID[id]?.isEmpty == true { byID[id] = nil }
    }
  }

  /// Takes everything under `id`, to cancel: a later entry with `id` is not cancelled with it.
  mutating func take(id: AnyHashableSendable) -> [UInt64: Entry] {
    byID.removeValue(forKey: id) ?? [:]
  }

  /// How many entries are under `id` (already qualified), for tests: TCA's
  /// `_cancellationCancellables.count` per id, so tests running in parallel do not interfere.
  func count(id: AnyHashableSendable) -> Int { byID[id]?.count ?? 0 }
}

/// Cancels by id, and runs operations cancellable by id: a store's core from inside its effects
/// (``EffectScope/current``), or ``ProcessCancellations`` elsewhere.
@usableFromInline
protocol EffectCanceller: Sendable {
  /// Cancels every effect and operation marked with `id`.
  func cancel(id: AnyHashableSendable)
  /// Records an operation that `cancel` stops; returns the token that removes it.
  func insertOperation(id: AnyHashableSendable, cancel: @escaping @Sendable () -> Void) -> UInt64
  /// Removes the operation `token` under `id`, if it is still there.
  func removeOperation(id: AnyHashableSendable, token: UInt64)
}

/// The store whose effect the current task runs, for helpers that act on "my store" from inside
/// an effect (the seam for `Task.cancel(id:)` and `withTaskCancellation(id:)`).
enum EffectScope {
  /// The core of the store running the current effect task, or `nil` outside an effect.
  @TaskLocal static var current: (any EffectCanceller)?

  /// The canceller for the current task: its store's core, or the process's.
  static var canceller: any EffectCanceller { current ?? ProcessCancellations.shared }
}

/// The cancellation registry of the code that runs outside any store's effect.
final class ProcessCancellations: EffectCanceller {
  static let shared = ProcessCancellations()

  private let registry = Mutex(CancellationRegistry())

  func cancel(id: AnyHashableSendable) {
    // Outside the lock: a cancellation handler may call back.
    let taken = registry.withLock { $0.take(id: id) }
    for case .operation(let cancel) in taken.values { cancel() }
  }

  func insertOperation(id: AnyHashableSendable, cancel: @escaping @Sendable () -> Void) -> UInt64 {
    registry.withLock { registry in
      let token = registry.newToken()
      registry.insert(.operation(cancel), token: token, ids: CollectionOfOne(id))
      return token
    }
  }

  func removeOperation(id: AnyHashableSendable, token: UInt64) {
    registry.withLock { $0.remove(token: token, ids: CollectionOfOne(id)) }
  }

  /// How many operations run under `id`, for tests.
  func count(id: AnyHashableSendable) -> Int { registry.withLock { $0.count(id: id) } }
}

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
