import Synchronization

/// The effects started by one ``Store/send(_:)``, and by every action those effects fed back,
/// transitively (the action's cascade): await them with ``finish()`` or stop them with
/// ``cancel()``.
///
/// ```swift
/// let task = store.send(.startMonitoring)
/// …
/// task.cancel()          // stops the monitoring effect and everything it led to
/// await task.finish()    // returns once every effect of that cascade has ended
/// ```
///
/// As in The Composable Architecture, a command-line tool whose `main` is
/// `await store.send(.start).finish()` runs until the last effect that `.start` led to has ended.
public struct StoreTask: Sendable {
  @usableFromInline
  let handle: CascadeHandle?

  @inlinable
  init(_ handle: CascadeHandle?) {
    self.handle = handle
  }

  /// Waits until every effect of the cascade has completed.
  ///
  /// If the task awaiting this is cancelled, the cascade is cancelled too, so
  /// `await store.send(.task).finish()` ties an action's effects to the caller's lifetime.
  public func finish() async {
    guard let handle else { return }
    await withTaskCancellationHandler {
      await handle.host.wait(cascade: handle.id)
    } onCancel: {
      handle.cancel()
    }
  }

  /// Cancels every effect of the cascade, including those started later by actions its
  /// effects are still feeding back.
  public func cancel() {
    handle?.cancel()
  }

  /// Whether the cascade was cancelled. An action without effects is never cancelled.
  public var isCancelled: Bool {
    guard let handle else { return false }
    return handle.requested.load(ordering: .relaxed)
  }

  /// Whether the action started any effect task. Synchronous effects (`.send`) do not count.
  /// For an action sent from inside the reducer (queued, not reduced yet), `true`.
  public var hasEffects: Bool { handle != nil }
}

/// Names one cascade of one store, for a ``StoreTask``.
@usableFromInline
final class CascadeHandle: Sendable {
  let id: CascadeID
  let host: any EffectHost
  /// Set by ``cancel()``, the only way a cascade is cancelled: the core drops the cascade's
  /// record when it ends, this remembers.
  let requested = Atomic<Bool>(false)

  @usableFromInline
  init(id: CascadeID, host: any EffectHost) {
    self.id = id
    self.host = host
  }

  func cancel() {
    requested.store(true, ordering: .relaxed)
    host.cancel(cascade: id)
  }
}
