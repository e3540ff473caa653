import Synchronization

/// Runs the effects of one store: starts their tasks, tracks them for cancellation, and
/// interprets effect trees that must run inside a task (`concatenate`).
///
/// Tasks hold the runtime strongly (to deregister themselves) but reach the store only through
/// the `send` closure passed to ``start(_:origin:ids:send:enqueue:tasks:)``, which holds the store
/// weakly: releasing the store cancels everything via ``cancelAll()``.
@usableFromInline
final class EffectRuntime<Action: Sendable>: Sendable {
  typealias Registry = EffectRegistry<Task<Void, Never>, Action>

  @usableFromInline typealias Deliver = @Sendable (Action) async -> Void

  let registry = Mutex(Registry())
  /// Reports an error thrown by a `run` effect that has no `catch` handler.
  let reportUnhandled: @Sendable (_ message: String, _ fileID: StaticString, _ line: UInt) -> Void

  @usableFromInline
  init(reportUnhandled: @escaping @Sendable (String, StaticString, UInt) -> Void) {
    self.reportUnhandled = reportUnhandled
  }

  /// Starts `effect` from the reducer: actions of `.send` go to `enqueue` synchronously, every
  /// started task is appended to `tasks`, and tasks deliver their actions with `send`.
  @usableFromInline
  func start(
    _ effect: Effect<Action>,
    origin: Action,
    ids: [AnyHashableSendable] = [],
    send: @escaping Deliver,
    enqueue: (Action) -> Void,
    tasks: inout [Task<Void, Never>]
  ) {
    switch effect.operation {
    case .none:
      return
    case .send(let action):
      enqueue(action)
    case .run(let run):
      tasks.append(
        spawn(priority: run.priority, ids: ids, origin: origin) { runtime in
          await runtime.execute(run, send: send)
        })
    case .merge(let effects):
      for effect in effects {
        start(effect, origin: origin, ids: ids, send: send, enqueue: enqueue, tasks: &tasks)
      }
    case .concatenate:
      tasks.append(
        spawn(priority: nil, ids: ids, origin: origin) { runtime in
          await runtime.perform(effect, origin: origin, ids: ids, send: send)
        })
    case .cancellable(let id, let cancelInFlight, let child):
      if cancelInFlight { cancel(id: id) }
      start(child, origin: origin, ids: ids + [id], send: send, enqueue: enqueue, tasks: &tasks)
    case .cancel(let id):
      cancel(id: id)
    }
  }

  /// Cancels every running effect marked with `id`.
  func cancel(id: AnyHashableSendable) {
    // Cancel outside the lock: cancellation handlers run synchronously and may call back in.
    let handles = registry.withLock { $0.cancel(id: id) }
    for handle in handles { handle.cancel() }
  }

  /// Cancels every running effect.
  func cancelAll() {
    let handles = registry.withLock { $0.allHandles }
    for handle in handles { handle.cancel() }
  }

  /// The actions whose effects are still running, one per running effect task.
  var inFlightOrigins: [Action] {
    registry.withLock { registry in registry.entries.values.map(\.origin) }
  }

  /// Returns once no effect is running.
  func waitUntilIdle() async {
    await withCheckedContinuation { (waiter: CheckedContinuation<Void, Never>) in
      let waiting = registry.withLock { $0.addIdleWaiter(waiter) }
      if !waiting { waiter.resume() }
    }
  }

  private func spawn(
    priority: TaskPriority?,
    ids: [AnyHashableSendable],
    origin: Action,
    _ body: @escaping @Sendable (EffectRuntime) async -> Void
  ) -> Task<Void, Never> {
    // Create and attach under the lock: the task's own `complete` then cannot overtake `attach`.
    registry.withLock { registry in
      let token = registry.reserve(ids: ids, origin: origin)
      let task = Task(priority: priority) {
        await body(self)
        let waiters = self.registry.withLock { $0.complete(token) }
        for waiter in waiters { waiter.resume() }
      }
      registry.attach(task, to: token)
      return task
    }
  }

  /// Runs one `run` effect to its end, routing a thrown error to its handler or reporting it.
  func execute(_ run: Effect<Action>.Run, send deliver: @escaping Deliver) async {
    let send = Send<Action>(send: deliver)
    do {
      try await run.operation(send)
    } catch is CancellationError {
      return
    } catch {
      if let handler = run.handler {
        await handler(error, send)
      } else if !Task.isCancelled {
        reportUnhandled(
          """
          An "Effect.run" threw an error and has no "catch" handler: \(error)

          Model failures as actions ("catch: { error, send in await send(.failed(error)) }") \
          or catch the error inside the operation.
          """,
          run.fileID,
          run.line
        )
      }
    }
  }

  /// Runs any effect inside the current task and returns when it has completed.
  func perform(
    _ effect: Effect<Action>, origin: Action, ids: [AnyHashableSendable], send: @escaping Deliver
  ) async {
    switch effect.operation {
    case .none:
      return
    case .send(let action):
      await Send(send: send)(action)
    case .run(let run):
      await execute(run, send: send)
    case .merge(let effects):
      await withTaskGroup(of: Void.self) { group in
        for child in effects {
          group.addTask { await self.perform(child, origin: origin, ids: ids, send: send) }
        }
      }
    case .concatenate(let effects):
      for child in effects {
        guard !Task.isCancelled else { return }
        await perform(child, origin: origin, ids: ids, send: send)
      }
    case .cancellable(let id, let cancelInFlight, let child):
      if cancelInFlight { cancel(id: id) }
      // A separate registered task, so `cancel(id:)` can stop this part alone.
      let task = spawn(priority: nil, ids: ids + [id], origin: origin) { runtime in
        await runtime.perform(child, origin: origin, ids: ids + [id], send: send)
      }
      await withTaskCancellationHandler {
        await task.value
      } onCancel: {
        task.cancel()
      }
    case .cancel(let id):
      cancel(id: id)
    }
  }
}
