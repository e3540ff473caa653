// The last TestStoreNonExhaustiveTests of TCA (MIT licence, Point-Free,
// github.com/pointfreeco/swift-composable-architecture,
// Tests/ComposableArchitectureTests/TestStoreNonExhaustiveTests.swift at tag 1.3.0), under their
// upstream names: receiving with a timeout, `assert` with skipped assertions shown, and
// Krzysztof Zabłocki's examples. `Task.sleep` and `DispatchQueue.test` are a TestClock; the
// timeouts in nanoseconds are TCA's spelling.
import ComposableSensorsTesting
import ComposableStore
import Testing

// This example comes from Krzysztof Zabłocki's blog post:
// https://www.merowing.info/exhaustive-testing-in-tca/
private struct KrzysztofExample: Reducer {
  struct State: Equatable {
    var name: String = "Krzysztof"
    var surname: String = "Zabłocki"
    var age: Int = 33
    var mood: Int = 0
  }
  enum Action: Equatable {
    case changeIdentity(name: String, surname: String)
    case changeAge(Int)
    case changeMood(Int)
    case advanceAgeAndMoodAfterDelay
  }
  @Dependency(\.continuousClock) var clock
  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .changeIdentity(let name, let surname):
      state.name = name
      state.surname = surname
      return .none
    case .advanceAgeAndMoodAfterDelay:
      return .run { [state] send in
        try await self.clock.sleep(for: .seconds(1))
        async let changeAge: () = send(.changeAge(state.age + 1))
        async let changeMood: () = send(.changeMood(state.mood + 1))
        _ = await (changeAge, changeMood)
      }
    case .changeAge(let age):
      state.age = age
      return .none
    case .changeMood(let mood):
      state.mood = mood
      return .none
    }
  }
}

@Suite struct TCATestStoreNonExhaustiveTimeoutPortTests {
  @Test func testReceiveNonExhaustiveWithTimeout() async {
    struct Feature: Reducer {
      struct State: Equatable {}
      enum Action: Equatable { case tap, response1, response2 }
      let clock: TestClock
      func reduce(into state: inout State, action: Action) -> Effect<Action> {
        switch action {
        case .tap:
          return .run { send in
            try await clock.sleep(for: .milliseconds(10))
            await send(.response1)
            try await clock.sleep(for: .milliseconds(10))
            await send(.response2)
          }
        case .response1, .response2:
          return .none
        }
      }
    }
    let clock = TestClock()
    let store = TestStore(initialState: Feature.State()) { Feature(clock: clock) }
    store.exhaustivity = .off
    await store.send(.tap)
    await clock.advance(by: .milliseconds(20))
    await store.receive(.response2, timeout: 1_000_000_000)
  }

  @Test func testReceiveNonExhaustiveWithTimeoutMultipleNonMatching() async {
    struct Feature: Reducer {
      struct State: Equatable {}
      enum Action: Equatable { case tap, response1, response2 }
      let clock: TestClock
      func reduce(into state: inout State, action: Action) -> Effect<Action> {
        switch action {
        case .tap:
          return .run { send in
            try await clock.sleep(for: .milliseconds(10))
            await send(.response1)
            try await clock.sleep(for: .milliseconds(10))
            await send(.response1)
          }
        case .response1, .response2:
          return .none
        }
      }
    }
    let clock = TestClock()
    let store = TestStore(initialState: Feature.State()) { Feature(clock: clock) }
    store.exhaustivity = .off
    await store.send(.tap)
    await clock.advance(by: .milliseconds(20))
    await withKnownIssue {
      await store.receive(.response2, timeout: 20_000_000)
    } matching: { issue in
      text(of: issue).hasPrefix("Expected to receive .response2")
    }
  }

  @Test func testReceiveNonExhaustiveWithTimeoutMultipleMatching() async {
    struct Feature: Reducer {
      struct State: Equatable {}
      enum Action: Equatable { case tap, response1, response2 }
      let clock: TestClock
      func reduce(into state: inout State, action: Action) -> Effect<Action> {
        switch action {
        case .tap:
          return .run { send in
            try await clock.sleep(for: .milliseconds(10))
            await send(.response2)
            try await clock.sleep(for: .milliseconds(10))
            await send(.response2)
          }
        case .response1, .response2:
          return .none
        }
      }
    }
    let clock = TestClock()
    let store = TestStore(initialState: Feature.State()) { Feature(clock: clock) }
    store.exhaustivity = .off
    await store.send(.tap)
    await clock.advance(by: .milliseconds(20))
    await store.receive(.response2, timeout: 1_000_000_000)
    await store.receive(.response2, timeout: 1_000_000_000)
  }

  @Test func testNonExhaustive_ShowSkippedAssertions_ExpectedStateToChange() async {
    let store = TestStore(initialState: 0) {
      Reduce<Int, Bool> { _, _ in .none }
    }
    store.exhaustivity = .off(showSkippedAssertions: true)
    await store.send(true) { $0 = 0 }
    store.assert { $0 = 0 }
  }

  @Test func testKrzysztofExample1() async {
    let store = TestStore(initialState: KrzysztofExample.State()) { KrzysztofExample() }
    store.exhaustivity = .off
    await store.send(.changeIdentity(name: "Marek", surname: "Ignored")) {
      $0.name = "Marek"
    }
  }

  @Test func testKrzysztofExample2() async {
    let store = TestStore(initialState: KrzysztofExample.State()) { KrzysztofExample() }
    store.exhaustivity = .off
    await store.send(.changeIdentity(name: "Adam", surname: "Stern"))
    await store.send(.changeIdentity(name: "Piotr", surname: "Galiszewski"))
    await store.send(.changeIdentity(name: "Merowing", surname: "Info")) {
      $0.name = "Merowing"
      $0.surname = "Info"
    }
  }

  @Test func testKrzysztofExample3() async {
    let clock = TestClock()
    let store = TestStore(initialState: KrzysztofExample.State()) {
      KrzysztofExample()
    } withDependencies: {
      $0.continuousClock = clock
    }
    store.exhaustivity = .off
    await store.send(.advanceAgeAndMoodAfterDelay)
    await clock.advance(by: .seconds(1))
    await store.receive(.changeAge(34)) {
      $0.age = 34
    }
    #expect(store.state.age == 34)
  }
}
