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
  /// The dependency scope bound where the store started the effect, outside the reducer that
  /// returned it: the actions the effect sends are reduced in it, as in TCA, not in the scope
  /// the effect's own operation runs in (`withDependencies { … } operation: { .run { … } }`).
  @usableFromInline let home: DependencyScope?

  /// This source, reporting at the site of `run`.
  func at(_ run: Effect<Action>.Run) -> Self {
    var copy = self
    copy.site = (run.fileID, run.line)
    return copy
  }
}

/// Makes the ``Send`` an effect task feeds its store's core with.
///
/// Made by the store's inlinable initialiser, so each action an effect sends runs code
/// specialised for the store's types: the generic core calls this once per task, not per action.
/// It captures nothing; the core is handed in.
@usableFromInline
typealias Deliver<State: Sendable, Action: Sendable> =
  @Sendable (RootCore<State, Action>, EffectSource<Action>) -> Send<Action>

/// How a root core runs effect trees: starts and cancels their tasks, with every task registered
/// in the machine (by token, cascade and cancellation id) until it returns.
///
/// Every effect task runs with ``EffectScope/current`` bound to its store's core, so code inside
/// an effect (`Task.cancel(id:)`, `withTaskCancellation(id:)`) reaches that store's one
/// cancellation registry without a reference to the store.
extension RootCore {
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
        core, source in
        await core.execute(run, source: source)
      }
      return task.map { [$0] } ?? []
    case .merge(let effects):
      var tasks: [Task<Void, Never>] = []
      for child in effects {
        tasks += start(
          child, origin: origin, ids: ids, cascade: &cascade, enqueue: enqueue)
      }
      return tasks
    case .concatenate(let effects):
      for (index, child) in effects.enumerated() {
        let pending = start(
          child, origin: origin, ids: ids, cascade: &cascade, enqueue: enqueue)
        guard !pending.isEmpty else { continue }
        let rest = effects[(index + 1)...]
        if rest.isEmpty { return pending }
        let task = spawn(priority: nil, ids: ids, origin: origin, cascade: &cascade) {
          core, source in
          for task in pending { await task.value }
          for next in rest {
            guard !Task.isCancelled else { return }
            await core.perform(next, origin: origin, ids: ids, source: source)
          }
        }
        return task.map { [$0] } ?? []
      }
      return []
    case .cancellable(let id, let cancelInFlight, let child):
      if cancelInFlight { cancel(id: id) }
      return start(
        child, origin: origin, ids: ids + [id], cascade: &cascade,
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
    source: EffectSource<Action>
  ) async {
    switch effect.operation {
    case .none:
      return
    case .send(let action):
      await deliver(self, source)(action)
    case .run(let run):
      await execute(run, source: source)
    case .merge(let effects):
      await withTaskGroup(of: Void.self) { group in
        for child in effects {
          group.addTask {
            await self.perform(child, origin: origin, ids: ids, source: source)
          }
        }
      }
    case .concatenate(let effects):
      for child in effects {
        guard !Task.isCancelled else { return }
        await perform(child, origin: origin, ids: ids, source: source)
      }
    case .cancellable(let id, let cancelInFlight, let child):
      if cancelInFlight { cancel(id: id) }
      // A separate registered task, so `cancel(id:)` can stop this part alone.
      var cascade: CascadeID? = source.cascade
      let task = spawn(priority: nil, ids: ids + [id], origin: origin, cascade: &cascade) {
        core, inner in
        await core.perform(child, origin: origin, ids: ids + [id], source: inner)
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
  func execute(_ run: Effect<Action>.Run, source: EffectSource<Action>) async {
    let send = deliver(self, source.at(run))
    do {
      try await run.operation(send)
    } catch is CancellationError {
      return
    } catch {
      if let handler = run.handler {
        await handler(error, send)
      } else if !Task.isCancelled {
        reportIssue(
          FailureText.unhandledError(error, fileID: run.fileID, line: run.line),
          run.fileID, run.line)
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
    _ body: @escaping @Sendable (RootCore, EffectSource<Action>) async -> Void
  ) -> Task<Void, Never>? {
    let home = DependencyScope.current
    // Reserved, started and attached under one lock, as TCA registers a cancellable effect's
    // task: the task cannot reach the store (a `Task.cancel(id:)` of its own id, as in
    // EffectRunTests' `testRunCancellation`) before it can be cancelled. Starting a task only
    // enqueues it.
    let spawned = machine.withLock {
      machine -> (CascadeID, Task<Void, Never>?, Machine.AfterUnlock) in
      let id = cascade ?? machine.newCascade()
      guard let token = machine.reserve(ids: ids, origin: origin, cascade: id) else {
        return (id, nil, Machine.AfterUnlock())
      }
      let source = EffectSource(cascade: id, token: token, origin: origin, home: home)
      let task = Task.inheritingExecutor(priority: priority) {
        // A fresh cancellation path: the spawning task may be a child feature's effect.
        await EffectScope.$current.withValue(self) {
          await CancellationPath.$current.withValue([]) { await body(self, source) }
        }
        self.run(self.machine.withLock { $0.complete(token) })
      }
      return (id, task, machine.attach(task, to: token))
    }
    cascade = spawned.0
    run(spawned.2)
    return spawned.1
  }

  /// An effect sent `action` after it had completed: report it at the effect's site.
  @usableFromInline
  func reportSentFromCompletedEffect(
    _ action: Action, source: EffectSource<Action>, at site: (fileID: StaticString, line: UInt)
  ) {
    reportIssue(
      FailureText.sentFromCompletedEffect(action: action, origin: source.origin),
      site.fileID, site.line)
  }
}

/// The texts of the issues a store core reports.
enum FailureText {
  /// TCA's text, so a TCA user recognises it.
  static func unhandledError(_ error: any Error, fileID: StaticString, line: UInt) -> String {
    """
    An "Effect.run" returned from "\(fileID):\(line)" threw an unhandled error.

    \(CompositionWarning.indented(error))

    All non-cancellation errors must be explicitly handled via the "catch" parameter on \
    "Effect.run", or via a "do" block.
    """
  }

  static func readFromInsideReducer(store: Any.Type) -> String {
    """
    "\(store).state" was read from inside the store's own reducer, which is changing that state: \
    the read returns the store's initial state.

    Read the reducer's "state" argument instead.
    """
  }

  /// TCA's text, so a TCA user recognises it.
  static func sentFromCompletedEffect(action: Any, origin: Any) -> String {
    """
    An action was sent from a completed effect.

      Action:
        \(debugCaseOutput(action))

      Effect returned from:
        \(debugCaseOutput(origin))

    Avoid sending actions using the 'send' argument from 'Effect.run' after \
    the effect has completed. This can happen if you escape the 'send' \
    argument in an unstructured context.

    To fix this, make sure that your 'run' closure does not return until \
    you're done calling 'send'.
    """
  }
}
