import Testing

@testable import ComposableStore

/// The effect bookkeeping state machine, driven directly (handles are plain strings here).
@Suite struct EffectRegistryTests {
  typealias Registry = EffectRegistry<String, String>
  let motion = AnyHashableSendable("motion")
  let gps = AnyHashableSendable("gps")

  @Test func cancelReturnsOnlyTheTasksOfThatID() {
    var registry = Registry()
    let a = registry.reserve(ids: [motion], origin: "start motion")
    registry.attach("task A", to: a)
    let b = registry.reserve(ids: [gps], origin: "start gps")
    registry.attach("task B", to: b)
    #expect(registry.cancel(id: motion) == ["task A"])
    #expect(registry.cancel(id: motion) == [], "the id no longer names task A")
    #expect(registry.count == 2, "a cancelled task counts until it really ends")
  }

  @Test func aTaskUnderNestedIDsCancelsByEither() {
    var registry = Registry()
    let token = registry.reserve(ids: [motion, gps], origin: "both")
    registry.attach("task", to: token)
    #expect(registry.cancel(id: gps) == ["task"])
    _ = registry.complete(token)
    #expect(registry.cancel(id: motion) == [], "completion removed it from every id")
  }

  @Test func idleWaitersResumeWhenTheLastTaskCompletes() {
    var registry = Registry()
    let first = registry.reserve(ids: [], origin: "one")
    let second = registry.reserve(ids: [], origin: "two")
    #expect(registry.complete(first).isEmpty)
    #expect(registry.entries.values.map(\.origin) == ["two"])
    #expect(registry.complete(second).isEmpty, "no waiter was registered")
    #expect(registry.count == 0)
  }

  @Test func completingAnUnknownTokenIsHarmless() {
    var registry = Registry()
    #expect(registry.complete(42).isEmpty)
    registry.attach("late", to: 42)
    #expect(registry.count == 0)
  }
}
