import Testing

@testable import ComposableStore

/// The store's state machine, driven directly (task handles are plain strings here).
@Suite struct StoreCoreTests {
  typealias Core = StoreCore<Int, String, String>
  let motion = AnyHashableSendable("motion")
  let gps = AnyHashableSendable("gps")

  func started(
    _ core: inout Core, _ handle: String, ids: [AnyHashableSendable] = [], cascade: CascadeID = 1
  ) -> EffectToken {
    let token = core.reserve(ids: ids, origin: handle, cascade: cascade)!
    let mustCancel = core.attach(handle, to: token)
    #expect(!mustCancel)
    return token
  }

  @Test func cancelByIDReturnsOnlyTheTasksOfThatID() {
    var core = Core(state: 0)
    _ = started(&core, "task A", ids: [motion])
    _ = started(&core, "task B", ids: [gps])
    let cancelled = core.cancel(id: motion)
    let again = core.cancel(id: motion)
    #expect(cancelled == ["task A"])
    #expect(again == [], "the id no longer names task A")
    #expect(core.count == 2, "a cancelled task counts until it really ends")
  }

  @Test func aTaskUnderNestedIDsCancelsByEither() {
    var core = Core(state: 0)
    let token = started(&core, "task", ids: [motion, gps])
    let cancelled = core.cancel(id: gps)
    #expect(cancelled == ["task"])
    _ = core.complete(token)
    let again = core.cancel(id: motion)
    #expect(again == [], "completion removed it from every id")
  }

  @Test func aCancellationBeforeTheTaskExistsIsHandedOverOnAttach() {
    var core = Core(state: 0)
    let token = core.reserve(ids: [motion], origin: "late", cascade: 1)!
    let cancelled = core.cancel(id: motion)
    #expect(cancelled == [], "no handle yet")
    let mustCancel = core.attach("late task", to: token)
    #expect(mustCancel, "attach tells the caller to cancel it")
  }

  @Test func aCascadeEndsWhenItsLastTaskCompletes() {
    var core = Core(state: 0)
    let first = started(&core, "one", cascade: 7)
    let second = started(&core, "two", cascade: 7)
    #expect(core.isCancelled(cascade: 7) == false)
    _ = core.complete(first)
    #expect(core.isCancelled(cascade: 7) == false, "still running")
    _ = core.complete(second)
    #expect(core.isCancelled(cascade: 7) == nil, "ended and forgotten")
  }

  @Test func cancellingACascadeCancelsOnlyItsTasksAndRefusesNewOnes() {
    var core = Core(state: 0)
    _ = started(&core, "mine", cascade: 1)
    _ = started(&core, "other", cascade: 2)
    let cancelled = core.cancel(cascade: 1)
    let followOn = core.reserve(ids: [], origin: "follow-on", cascade: 1)
    let unrelated = core.reserve(ids: [], origin: "unrelated", cascade: 2)
    #expect(cancelled == ["mine"])
    #expect(followOn == nil)
    #expect(unrelated != nil)
  }

  @Test func aQueuedReentrantActionKeepsItsCascadeOpen() {
    var core = Core(state: 0)
    let cascade = core.enqueueReentrant("queued")
    #expect(core.isCancelled(cascade: cascade) == false)
    let first = core.publish(1)?.reentrant.map(\.action)
    let second = core.publish(2)
    #expect(first == ["queued"])
    #expect(second == nil, "taken once, and nothing to do without observers")
    _ = core.reentrantReduced(cascade: cascade)
    #expect(core.isCancelled(cascade: cascade) == nil)
    #expect(core.published == 2)
  }

  @Test func afterReleaseNothingNewIsRegistered() {
    var core = Core(state: 0)
    _ = started(&core, "running")
    let released = core.release()
    #expect(released.handles == ["running"])
    let late = core.reserve(ids: [], origin: "late", cascade: 1)
    #expect(late == nil)
  }

  @Test func completingAnUnknownTokenIsHarmless() {
    var core = Core(state: 0)
    let resumed = core.complete(42)
    let mustCancel = core.attach("late", to: 42)
    #expect(resumed.isEmpty)
    #expect(!mustCancel)
    #expect(core.count == 0)
  }
}
