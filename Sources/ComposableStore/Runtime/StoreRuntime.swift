import SensorsCore
import Synchronization

/// Where an action fed back by an effect comes from: its cascade, the task that sent it, the
/// action whose effect that task runs and the site of its `run` (for the issue of a send from a
/// completed effect).
@usableFromInline
struct EffectSource<Action: Sendable>: Sendable {
  @usableFromInline let cascade: CascadeID
  @usableFromInline let token: EffectToken
  @usableFromInline let origin: Action
  /// The site of the `run` effect whose task sends, or nil for a `.send` effect: its task is
  /// registered until it has sent, so only a `run` can send after it completed.
  @usableFromInline var site: (fileID: StaticString, line: UInt)?

  /// This source, reporting at the site of `run`.
  func at(_ run: Effect<Action>.Run) -> Self {
    var copy = self
    copy.site = (run.fileID, run.line)
    return copy
  }
}

/// Makes the ``Send`` an effect task feeds the store with (which it holds weakly).
///
/// Made by the store's inlinable initialiser, so each action an effect sends runs code
/// specialised for the store's types: the generic runtime calls this once per task, not per
/// action.
@usableFromInline
typealias Deliver<Action: Sendable> = @Sendable (EffectSource<Action>) -> Send<Action>

/// The shell around ``StoreCore``: holds it under the core lock, starts and cancels effect tasks,
/// interprets effect trees, and resumes continuations and feeds observers outside the lock.
///
/// Effect tasks hold the runtime strongly (to deregister themselves) and reach the store only
/// through a ``Deliver`` closure that holds it weakly: releasing the store cancels every task.
///
/// ## Seams for scoping and `Task.cancel(id:)`
///
/// Every effect task runs with ``EffectScope/current`` bound to its store's runtime, so code
/// inside an effect (a `Task.cancel(id:)` helper) can reach the per-store cancellation registry
/// through ``EffectCanceller/cancel(id:)`` without a reference to the store. A scoped child store
/// forwards to its parent with ``Store/init(forwardingTo:)``: it owns no core, so its effects and
/// cancellation ids live in the parent's.
@usableFromInline
final class StoreRuntime<State: Sendable, Action: Sendable>: Sendable, EffectCanceller,
  CascadeHost
{
  @usableFromInline typealias Core = StoreCore<State, Action, Task<Void, Never>>

  @usableFromInline let core: Mutex<Core>
  /// Reports an unhandled effect error or a send from a completed effect, at the effect's site.
  let reportIssue: @Sendable (_ message: String, _ fileID: StaticString, _ line: UInt) -> Void
  /// Operations run by this store's effects under `withTaskCancellation(id:)`.
  let taskCancellations = TaskCancellations()

  @usableFromInline
  init(
    state: State,
    reportIssue: @escaping @Sendable (String, StaticString, UInt) -> Void
  ) {
    self.core = Mutex(Core(state: state))
    self.reportIssue = reportIssue
  }

  // MARK: Starting effects from the reducer

  /// Starts the synchronous part of `effect` now: `.send` actions go to `enqueue` in TCA's order,
  /// cancellations happen at once, and every `run` starts a task.
  ///
  /// Returns the tasks the rest of the effect runs in (none if it completed synchronously); a
  /// `concatenate` continues in a task after the first child that did not complete at once.
  @usableFromInline
  func start(
    _ effect: Effect<Action>,
    origin: Action,
    ids: [AnyHashableSendable] = [],
    cascade: inout CascadeID?,
    deliver: @escaping Deliver<Action>,
    enqueue: (Action) -> Void
  ) -> [Task<Void, Never>] {
    switch effect.operation {
    case .none:
      return []
    case .send(let action):
      enqueue(action)
      return []
    case .run(let run):
      let task = spawn(priority: run.priority, ids: ids, origin: origin, cascade: &cascade) {
        runtime, source in
        await runtime.execute(run, source: source, deliver: deliver)
      }
      return task.map { [$0] } ?? []
    case .merge(let effects):
      var tasks: [Task<Void, Never>] = []
      for child in effects {
        tasks += start(
          child, origin: origin, ids: ids, cascade: &cascade, deliver: deliver, enqueue: enqueue)
      }
      return tasks
    case .concatenate(let effects):
      for (index, child) in effects.enumerated() {
        let pending = start(
          child, origin: origin, ids: ids, cascade: &cascade, deliver: deliver, enqueue: enqueue)
        guard !pending.isEmpty else { continue }
        let rest = effects[(index + 1)...]
        if rest.isEmpty { return pending }
        let task = spawn(priority: nil, ids: ids, origin: origin, cascade: &cascade) {
          runtime, source in
          for task in pending { await task.value }
          for next in rest {
            guard !Task.isCancelled else { return }
            await runtime.perform(next, origin: origin, ids: ids, source: source, deliver: deliver)
          }
        }
        return task.map { [$0] } ?? []
      }
      return []
    case .cancellable(let id, let cancelInFlight, let child):
      if cancelInFlight { cancel(id: id) }
      return start(
        child, origin: origin, ids: ids + [id], cascade: &cascade, deliver: deliver,
        enqueue: enqueue)
    case .cancel(let id):
      cancel(id: id)
      return []
    }
  }

  /// Runs any effect inside the current task and returns when it has completed.
  func perform(
    _ effect: Effect<Action>,
    origin: Action,
    ids: [AnyHashableSendable],
    source: EffectSource<Action>,
    deliver: @escaping Deliver<Action>
  ) async {
    switch effect.operation {
    case .none:
      return
    case .send(let action):
      await deliver(source)(action)
    case .run(let run):
      await execute(run, source: source, deliver: deliver)
    case .merge(let effects):
      await withTaskGroup(of: Void.self) { group in
        for child in effects {
          group.addTask {
            await self.perform(child, origin: origin, ids: ids, source: source, deliver: deliver)
          }
        }
      }
    case .concatenate(let effects):
      for child in effects {
        guard !Task.isCancelled else { return }
        await perform(child, origin: origin, ids: ids, source: source, deliver: deliver)
      }
    case .cancellable(let id, let cancelInFlight, let child):
      if cancelInFlight { cancel(id: id) }
      // A separate registered task, so `cancel(id:)` can stop this part alone.
      var cascade: CascadeID? = source.cascade
      let task = spawn(priority: nil, ids: ids + [id], origin: origin, cascade: &cascade) {
        runtime, inner in
        await runtime.perform(
          child, origin: origin, ids: ids + [id], source: inner, deliver: deliver)
      }
      guard let task else { return }
      await withTaskCancellationHandler {
        await task.value
      } onCancel: {
        task.cancel()
      }
    case .cancel(let id):
      cancel(id: id)
    }
  }

  /// Runs one `run` effect to its end, routing a thrown error to its handler or reporting it.
  func execute(
    _ run: Effect<Action>.Run, source: EffectSource<Action>, deliver: @escaping Deliver<Action>
  ) async {
    let send = deliver(source.at(run))
    do {
      try await run.operation(send)
    } catch is CancellationError {
      return
    } catch {
      if let handler = run.handler {
        await handler(error, send)
      } else if !Task.isCancelled {
        reportIssue(FailureText.unhandledError(error), run.fileID, run.line)
      }
    }
  }

  /// Registers and starts one task in `cascade` (allocating the cascade if it is `nil`).
  /// Returns `nil` if the store was released or the cascade cancelled: nothing starts then.
  private func spawn(
    priority: TaskPriority?,
    ids: [AnyHashableSendable],
    origin: Action,
    cascade: inout CascadeID?,
    _ body: @escaping @Sendable (StoreRuntime, EffectSource<Action>) async -> Void
  ) -> Task<Void, Never>? {
    let reserved = core.withLock { core -> (CascadeID, EffectToken?) in
      let id = cascade ?? core.newCascade()
      return (id, core.reserve(ids: ids, origin: origin, cascade: id))
    }
    cascade = reserved.0
    guard let token = reserved.1 else { return nil }
    let source = EffectSource(cascade: reserved.0, token: token, origin: origin)
    let task = Task.inheritingExecutor(priority: priority) {
      // A fresh cancellation path: the spawning task may be a child feature's effect.
      await EffectScope.$current.withValue(self) {
        await CancellationPath.$current.withValue([]) { await body(self, source) }
      }
      let resumed = self.core.withLock { $0.complete(token) }
      for waiter in resumed { waiter.resume() }
    }
    if core.withLock({ $0.attach(task, to: token) }) { task.cancel() }
    return task
  }

  // MARK: Cancellation and waiting

  /// An effect sent `action` after it had completed: report it at the effect's site.
  @usableFromInline
  func reportSentFromCompletedEffect(
    _ action: Action, source: EffectSource<Action>, at site: (fileID: StaticString, line: UInt)
  ) {
    reportIssue(
      FailureText.sentFromCompletedEffect(action: action, origin: source.origin),
      site.fileID, site.line)
  }

  /// Cancels every running effect marked with `id`.
  @usableFromInline
  func cancel(id: AnyHashableSendable) {
    // Cancel outside the lock: cancellation handlers run synchronously and may call back in.
    let handles = core.withLock { $0.cancel(id: id) }
    for handle in handles { handle.cancel() }
    taskCancellations.cancel(id: id)
  }

  /// Cancels every running effect.
  func cancelAll() {
    let handles = core.withLock { $0.cancelAll() }
    for handle in handles { handle.cancel() }
  }

  /// The store is gone: cancel every effect, refuse new ones, finish every observer.
  func release() {
    let (handles, observers) = core.withLock { $0.release() }
    for handle in handles { handle.cancel() }
    for observer in observers { observer.finish() }
  }

  @usableFromInline
  func cancel(cascade: CascadeID) {
    let handles = core.withLock { $0.cancel(cascade: cascade) }
    for handle in handles { handle.cancel() }
  }

  @usableFromInline
  func isCancelled(cascade: CascadeID) -> Bool? {
    core.withLock { $0.isCancelled(cascade: cascade) }
  }

  @usableFromInline
  func wait(cascade: CascadeID) async {
    await withCheckedContinuation { (waiter: CheckedContinuation<Void, Never>) in
      if !core.withLock({ $0.addCascadeWaiter(cascade, waiter) }) { waiter.resume() }
    }
  }

  /// Returns once every effect but those in `ignoring` has ended.
  func waitUntilIdle(ignoring: Set<EffectToken> = []) async {
    await withCheckedContinuation { (waiter: CheckedContinuation<Void, Never>) in
      if !core.withLock({ $0.addIdleWaiter(ignoring: ignoring, waiter) }) { waiter.resume() }
    }
  }

  /// A re-entrant action was reduced: release its cascade's waiters if that ended it.
  @usableFromInline
  func reentrantReduced(cascade: CascadeID) {
    let resumed = core.withLock { $0.reentrantReduced(cascade: cascade) }
    for waiter in resumed { waiter.resume() }
  }
}

/// Cancels effects by id in one store's registry; what ``EffectScope/current`` exposes.
package protocol EffectCanceller: Sendable {
  /// Cancels every running effect of the store marked with `id`.
  func cancel(id: AnyHashableSendable)
}

/// The store whose effect the current task runs, for helpers that act on "my store" from inside
/// an effect (the seam for `Task.cancel(id:)`).
package enum EffectScope {
  /// The cancellation registry of the store running the current effect task, or `nil` outside
  /// an effect.
  @TaskLocal package static var current: (any EffectCanceller)?
}

/// What a ``StoreTask`` needs from the store that made it, without its type parameters.
@usableFromInline
protocol CascadeHost: AnyObject, Sendable {
  func cancel(cascade: CascadeID)
  func isCancelled(cascade: CascadeID) -> Bool?
  func wait(cascade: CascadeID) async
}

/// The texts of the issues the runtime reports.
enum FailureText {
  static func unhandledError(_ error: any Error) -> String {
    """
    An "Effect.run" threw an error and has no "catch" handler: \(error)

    Model failures as actions ("catch: { error, send in await send(.failed(error)) }") \
    or catch the error inside the operation.
    """
  }

  /// TCA's text, so a TCA user recognises it.
  static func sentFromCompletedEffect(action: Any, origin: Any) -> String {
    """
    An action was sent from a completed effect.

      Action:
        \(String(reflecting: action))

      Effect returned from:
        \(String(reflecting: origin))

    Avoid sending actions using the 'send' argument from 'Effect.run' after \
    the effect has completed. This can happen if you escape the 'send' \
    argument in an unstructured context.

    To fix this, make sure that your 'run' closure does not return until \
    you're done calling 'send'.
    """
  }
}
