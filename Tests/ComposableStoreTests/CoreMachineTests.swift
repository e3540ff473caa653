import Testing

@testable import ComposableStore

/// The root store's state machine, driven directly (task handles are plain strings here).
@Suite struct CoreMachineTests {
  typealias Machine = CoreMachine<Int, String, String>
  let motion = AnyHashableSendable("motion")
  let gps = AnyHashableSendable("gps")

  func started(
    _ machine: inout Machine, _ handle: String, ids: [AnyHashableSendable] = [],
    cascade: CascadeID = 1
  ) throws -> EffectToken {
    let reserved = machine.reserve(ids: ids, origin: handle, cascade: cascade)
    let token = try #require(reserved)
    let afterUnlock = machine.attach(handle, to: token)
    #expect(afterUnlock.cancel.isEmpty)
    return token
  }

  /// When the machine hands back a waiter to resume: on registering it (`.registration`), or
  /// after the event at that index of `events` (`.event(i)`); `nil` if never (the waiter is then
  /// resumed here, so a failure never hangs the test).
  enum Resumed: Equatable {
    case registration
    case event(Int)
  }

  func resumed(
    _ machine: inout Machine,
    waiting register: (inout Machine, CheckedContinuation<Void, Never>) -> Machine.AfterUnlock,
    then events: [(inout Machine) -> Machine.AfterUnlock] = []
  ) async -> Resumed? {
    var result: Resumed?
    await withCheckedContinuation { (waiter: CheckedContinuation<Void, Never>) in
      var handedBack = register(&machine, waiter).resume
      if !handedBack.isEmpty { result = .registration }
      for (index, event) in events.enumerated() where result == nil {
        handedBack = event(&machine).resume
        if !handedBack.isEmpty { result = .event(index) }
      }
      if result == nil { handedBack = [waiter] }
      for waiter in handedBack { waiter.resume() }
    }
    return result
  }

  @Test func cancelByIDReturnsOnlyTheTasksOfThatID() throws {
    var machine = Machine(state: 0)
    _ = try started(&machine, "task A", ids: [motion])
    _ = try started(&machine, "task B", ids: [gps])
    let cancelled = machine.cancel(id: motion)
    let again = machine.cancel(id: motion)
    #expect(cancelled.cancel == ["task A"])
    #expect(again.cancel == [], "the id no longer names task A")
    #expect(machine.count == 2, "a cancelled task counts until it really ends")
  }

  @Test func aTaskUnderNestedIDsCancelsByEither() throws {
    var machine = Machine(state: 0)
    let token = try started(&machine, "task", ids: [motion, gps])
    #expect(machine.cancel(id: gps).cancel == ["task"])
    _ = machine.complete(token)
    #expect(machine.cancel(id: motion).cancel == [], "completion removed it from every id")
  }

  @Test func aCancellationBeforeTheTaskExistsIsHandedOverOnAttach() throws {
    var machine = Machine(state: 0)
    let reserved = machine.reserve(ids: [motion], origin: "late", cascade: 1)
    let token = try #require(reserved)
    #expect(machine.cancel(id: motion).cancel == [], "no handle yet")
    #expect(machine.attach("late task", to: token).cancel == ["late task"])
  }

  /// An effect that cancels its own id at once (TCA's `testRunCancellation`) may run before its
  /// task is attached, so it is not cancelled yet: what it sends meanwhile is dropped.
  @Test func whatATaskCancelledBeforeItsAttachSendsIsDropped() throws {
    var machine = Machine(state: 0)
    let reserved = machine.reserve(ids: [motion], origin: "early", cascade: 1)
    let token = try #require(reserved)
    #expect(machine.delivery(from: token) == .deliver)
    _ = machine.cancel(id: motion)
    #expect(machine.delivery(from: token) == .drop)
  }

  @Test func oneIDCancelsEffectsAndOperationsTogether() throws {
    var machine = Machine(state: 0)
    _ = try started(&machine, "effect", ids: [motion])
    let operation = machine.insertOperation(id: motion, cancel: {})
    _ = machine.insertOperation(id: gps, cancel: {})
    #expect(machine.count(id: motion) == 2, "one registry holds both kinds")
    let cancelled = machine.cancel(id: motion)
    #expect(cancelled.cancel == ["effect"])
    #expect(cancelled.cancelOperations.count == 1)
    #expect(machine.count(id: motion) == 0 && machine.count(id: gps) == 1)
    machine.removeOperation(id: motion, token: operation)
    #expect(machine.count == 1, "operations are not effects")
  }

  @Test func anOperationThatEndsLeavesItsID() {
    var machine = Machine(state: 0)
    let token = machine.insertOperation(id: motion, cancel: {})
    machine.removeOperation(id: motion, token: token)
    #expect(machine.count(id: motion) == 0)
    #expect(machine.cancel(id: motion).cancelOperations.isEmpty)
  }

  @Test func aCascadeEndsWhenItsLastTaskCompletes() async throws {
    var machine = Machine(state: 0)
    let first = try started(&machine, "one", cascade: 7)
    let second = try started(&machine, "two", cascade: 7)
    let waiting = await resumed(
      &machine, waiting: { $0.wait(cascade: 7, $1) },
      then: [{ $0.complete(first) }, { $0.complete(second) }])
    #expect(waiting == .event(1), "the end of the second task ends the cascade")
    let late = await resumed(&machine, waiting: { $0.wait(cascade: 7, $1) })
    #expect(late == .registration, "an ended cascade is forgotten: waiting returns at once")
  }

  @Test func cancellingACascadeCancelsOnlyItsTasksAndRefusesNewOnes() throws {
    var machine = Machine(state: 0)
    _ = try started(&machine, "mine", cascade: 1)
    _ = try started(&machine, "other", cascade: 2)
    let cancelled = machine.cancel(cascade: 1)
    let followOn = machine.reserve(ids: [], origin: "follow-on", cascade: 1)
    let unrelated = machine.reserve(ids: [], origin: "unrelated", cascade: 2)
    #expect(cancelled.cancel == ["mine"])
    #expect(followOn == nil)
    #expect(unrelated != nil)
  }

  @Test func aQueuedReentrantActionKeepsItsCascadeOpen() async {
    var machine = Machine(state: 0)
    let cascade = machine.enqueueReentrant("queued")
    let toTake = machine.mustPublish
    let taken = machine.takePublished(1).reduce.map(\.action)
    let again = machine.mustPublish
    #expect(toTake, "a re-entrant action waits to be taken")
    #expect(taken == ["queued"])
    #expect(!again, "taken once, and nothing to do without observers")
    #expect(machine.yielding == nil, "no observer: the state is not kept")
    let reduced = await resumed(
      &machine, waiting: { $0.wait(cascade: cascade, $1) },
      then: [{ $0.endPublication(reduced: cascade).afterUnlock }])
    #expect(reduced == .event(0), "open until reduced, then ended")
  }

  @Test func thePublishedStateIsKeptOnlyWhileItIsYielded() {
    var machine = Machine(state: 0)
    let key = machine.addObserver(StateObserver(yield: { _ in }, finish: {}))
    #expect(key != nil)
    #expect(machine.mustPublish, "an observer waits for every state")
    let taken = machine.takePublished(1)
    #expect(taken.yield.count == 1)
    #expect(machine.readOnReducerThread() == (1, true), "a read while yielding: the new state")
    let ended = machine.endPublication(reduced: nil)
    #expect(ended.released == 1, "forgotten, to be released outside the lock")
    #expect(machine.yielding == nil)
    #expect(
      machine.readOnReducerThread() == (0, false),
      "from inside the reducer: the initial state, not current")
  }

  @Test func idleWaitersIgnoreTheTokensTheyAreToldTo() async throws {
    var machine = Machine(state: 0)
    let kept = try started(&machine, "kept")
    let other = try started(&machine, "other")
    let ignoring = await resumed(
      &machine, waiting: { $0.waitUntilIdle(ignoring: [kept], $1) },
      then: [{ $0.complete(other) }])
    #expect(ignoring == .event(0))
    let idle = await resumed(
      &machine, waiting: { $0.waitUntilIdle(ignoring: [], $1) }, then: [{ $0.complete(kept) }])
    #expect(idle == .event(0))
    let already = await resumed(&machine, waiting: { $0.waitUntilIdle(ignoring: [], $1) })
    #expect(already == .registration)
  }

  @Test func afterReleaseNothingNewIsRegisteredAndSendsAreDropped() throws {
    var machine = Machine(state: 0)
    let token = try started(&machine, "running")
    #expect(machine.delivery(from: token) == .deliver)
    let released = machine.release()
    #expect(released.cancel == ["running"])
    #expect(machine.reserve(ids: [], origin: "late", cascade: 1) == nil)
    #expect(machine.delivery(from: token) == .drop)
  }

  @Test func aSendFromACompletedTaskIsDeliveredAndReported() throws {
    var machine = Machine(state: 0)
    let token = try started(&machine, "done")
    _ = machine.complete(token)
    #expect(machine.delivery(from: token) == .deliverFromCompletedEffect)
  }

  @Test func completingAnUnknownTokenIsHarmless() {
    var machine = Machine(state: 0)
    #expect(machine.complete(42).resume.isEmpty)
    #expect(machine.attach("late", to: 42).cancel.isEmpty)
    #expect(machine.count == 0)
  }
}
