import ComposableSensorsTesting
import ComposableStore
import Testing

@Suite struct EffectTests {
  /// Sends `"a"` after 2 s and `"b"` after 1 s, combined as the action says.
  static func race(clock: TestClock) -> Reduce<[String], String> {
    Reduce { state, action in
      let slow = Effect<String>.run { send in
        try await clock.sleep(for: .seconds(2))
        await send("a")
      }
      let fast = Effect<String>.run { send in
        try await clock.sleep(for: .seconds(1))
        await send("b")
      }
      switch action {
      case "merge": return .merge(slow, fast)
      case "concatenate": return .concatenate(slow, fast)
      default:
        state.append(action)
        return .none
      }
    }
  }

  @Test func mergeRunsEffectsTogether() async {
    let clock = TestClock()
    let store = TestStore(initialState: [String]()) { Self.race(clock: clock) }
    await store.send("merge")
    await clock.advance(by: .seconds(2))
    await store.receive("b") { $0 = ["b"] }
    await store.receive("a") { $0 = ["b", "a"] }
    await store.finish()
  }

  @Test func concatenateRunsEffectsOneAfterAnother() async {
    let clock = TestClock()
    let store = TestStore(initialState: [String]()) { Self.race(clock: clock) }
    await store.send("concatenate")
    await clock.advance(by: .seconds(2))
    await store.receive("a") { $0 = ["a"] }
    await clock.advance(by: .seconds(1))
    await store.receive("b") { $0 = ["a", "b"] }
    await store.finish()
  }

  @Test func aConcatenationWaitsForAMergeInsideIt() async {
    let clock = TestClock()
    let store = TestStore(initialState: [String]()) {
      Reduce<[String], String> { state, action in
        guard action == "go" else {
          state.append(action)
          return .none
        }
        let late = Effect<String>.run { send in
          try await clock.sleep(for: .seconds(1))
          await send("merged late")
        }
        return .concatenate(.merge(.send("merged now"), late), .send("last"))
      }
    }
    await store.send("go")
    await store.receive("merged now") { $0 = ["merged now"] }
    await clock.advance(by: .seconds(1))
    await store.receive("merged late") { $0.append("merged late") }
    await store.receive("last") { $0.append("last") }
    await store.finish()
  }

  @Test func mapTransformsEverythingAnEffectSends() async {
    let store = TestStore(initialState: 0) {
      Reduce<Int, Int> { state, action in
        guard action == 0 else {
          state += action
          return .none
        }
        return Effect<String>.merge(
          .send("1"),
          .run { send in
            await send("20")
          } catch: { _, _ in
          }
        )
        .map { Int($0) ?? -1 }
      }
    }
    await store.send(0)
    await store.receive(1) { $0 = 1 }
    await store.receive(20) { $0 = 21 }
    await store.finish()
  }

  @Test func mapAlsoTransformsWhatTheCatchHandlerSends() async {
    let store = TestStore(initialState: "") {
      Reduce<String, String> { state, action in
        guard action == "go" else {
          state = action
          return .none
        }
        return Effect<Int>.run { _ in
          throw SensorGone()
        } catch: { _, send in
          await send(404)
        }
        .map { "error \($0)" }
      }
    }
    await store.send("go")
    await store.receive("error 404") { $0 = "error 404" }
    await store.finish()
  }

  @Test func noneAndEmptyCombinationsStartNothing() {
    let store = Store(initialState: 0) {
      Reduce<Int, Int> { _, _ in .merge(.none, .concatenate([]), .none) }
    }
    let task = store.send(1)
    #expect(!task.hasEffects)
    #expect(store.inFlightEffectCount == 0)
  }
}
