extension CoreMachine {
  // MARK: Effect tasks

  /// Reserves a token for a task about to start in `cascade` with cancellation ids `ids`.
  ///
  /// Returns `nil` when the task must not run at all (the store was released, or the cascade
  /// was cancelled): the caller then starts nothing.
  mutating func reserve(
    ids: [AnyHashableSendable], origin: Action, cascade: CascadeID
  ) -> EffectToken? {
    guard case .active = lifecycle else { return nil }
    if cascades[cascade]?.cancelled == true { return nil }
    let token = cancellations.newToken()
    entries[token] = Entry(
      task: .reserved(cancelRequested: false), ids: ids, origin: origin, cascade: cascade)
    cancellations.insert(.effect, token: token, ids: ids)
    cascades[cascade, default: Cascade()].running += 1
    return token
  }

  /// Attaches the started task to its token; cancels it if a cancellation arrived meanwhile.
  mutating func attach(_ handle: Handle, to token: EffectToken) -> AfterUnlock {
    var afterUnlock = AfterUnlock()
    guard let entry = entries[token] else { return afterUnlock }
    entries[token]?.task = .attached(handle)
    if case .reserved(cancelRequested: true) = entry.task { afterUnlock.cancel = [handle] }
    return afterUnlock
  }

  /// What an action sent by the task of `token` meets: the store, unless it is gone; and a
  /// report if the task has already returned. A task cancelled before it was attached (it ran
  /// `Task.cancel(id:)` on its own id at once) is not cancelled yet, but what it sends is
  /// dropped, as a cancelled task's is (TCA's `testRunCancellation`).
  @inlinable
  func delivery(from token: EffectToken) -> Delivery {
    guard case .active = lifecycle else { return .drop }
    switch entries[token]?.task {
    case nil: return .deliverFromCompletedEffect
    case .reserved(cancelRequested: true)?: return .drop
    default: return .deliver
    }
  }

  /// Removes a task that has returned, and resumes the waiters its end releases.
  mutating func complete(_ token: EffectToken) -> AfterUnlock {
    var afterUnlock = AfterUnlock()
    guard let entry = entries.removeValue(forKey: token) else { return afterUnlock }
    cancellations.remove(token: token, ids: entry.ids)
    cascades[entry.cascade]?.running -= 1
    afterUnlock.resume = takeWaitersIfFinished(entry.cascade)
    if !idleWaiters.isEmpty {
      var still: [IdleWaiter] = []
      for waiter in idleWaiters {
        if isIdle(ignoring: waiter.ignoring) {
          afterUnlock.resume.append(waiter.continuation)
        } else {
          still.append(waiter)
        }
      }
      idleWaiters = still
    }
    return afterUnlock
  }

  // MARK: Cancellation by id

  /// Cancels every task and operation marked with `id`. A cancelled task stays registered until
  /// it really ends (so "in flight" stays truthful), but leaves `id` now, so a new effect with
  /// `id` is not cancelled with it.
  mutating func cancel(id: AnyHashableSendable) -> AfterUnlock {
    var afterUnlock = AfterUnlock()
    for (token, entry) in cancellations.take(id: id) {
      switch entry {
      case .effect:
        if let handle = requestCancellation(token) { afterUnlock.cancel.append(handle) }
      case .operation(let cancel):
        afterUnlock.cancelOperations.append(cancel)
      }
    }
    return afterUnlock
  }

  /// Records a `withTaskCancellation(id:)` operation; returns the token that removes it.
  mutating func insertOperation(
    id: AnyHashableSendable, cancel: @escaping @Sendable () -> Void
  ) -> UInt64 {
    let token = cancellations.newToken()
    cancellations.insert(.operation(cancel), token: token, ids: CollectionOfOne(id))
    return token
  }

  /// Removes the operation `token` under `id`, once it has ended.
  mutating func removeOperation(id: AnyHashableSendable, token: UInt64) {
    cancellations.remove(token: token, ids: CollectionOfOne(id))
  }

  /// How many tasks and operations run under `id`, for tests.
  func count(id: AnyHashableSendable) -> Int { cancellations.count(id: id) }

  // MARK: Every effect

  /// Cancels every running task.
  mutating func cancelAll() -> AfterUnlock {
    cancelling(where: { _ in true })
  }

  /// The store is gone: cancels every task, refuses new ones, finishes every observer.
  mutating func release() -> AfterUnlock {
    lifecycle = .released
    var afterUnlock = cancelAll()
    afterUnlock.finish = Array(observers.values)
    observers = [:]
    return afterUnlock
  }

  /// The number of running effect tasks.
  var count: Int { entries.count }

  /// The running tasks, each with the action whose effect started it.
  var running: [EffectToken: Action] { entries.mapValues(\.origin) }

  /// Registers `waiter` for the moment every task but `ignoring` has ended, or resumes it at
  /// once if that is already so.
  mutating func waitUntilIdle(
    ignoring: Set<EffectToken>, _ waiter: CheckedContinuation<Void, Never>
  ) -> AfterUnlock {
    var afterUnlock = AfterUnlock()
    if isIdle(ignoring: ignoring) {
      afterUnlock.resume = [waiter]
    } else {
      idleWaiters.append(IdleWaiter(ignoring: ignoring, continuation: waiter))
    }
    return afterUnlock
  }

  private func isIdle(ignoring: Set<EffectToken>) -> Bool {
    entries.count <= ignoring.count && entries.keys.allSatisfy(ignoring.contains)
  }

  /// Cancels the tasks `include` selects.
  mutating func cancelling(where include: (Entry) -> Bool) -> AfterUnlock {
    var afterUnlock = AfterUnlock()
    for (token, entry) in entries where include(entry) {
      if let handle = requestCancellation(token) { afterUnlock.cancel.append(handle) }
    }
    return afterUnlock
  }

  /// The handle to cancel, or `nil` if the task does not exist yet (it is then cancelled when
  /// attached).
  private mutating func requestCancellation(_ token: EffectToken) -> Handle? {
    switch entries[token]?.task {
    case .attached(let handle): return handle
    case .reserved: entries[token]?.task = .reserved(cancelRequested: true)
    case nil: break
    }
    return nil
  }
}
