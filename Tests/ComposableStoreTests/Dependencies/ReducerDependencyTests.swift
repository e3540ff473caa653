import ComposableSensorsTesting
import ComposableStore
import Synchronization
import Testing

/// A child feature that reads a dependency in its reducer and in its effect.
private struct Reader: Reducer {
  struct State: Equatable, Sendable {
    var read: [Int] = []
  }

  enum Action: Equatable, Sendable {
    case read
    case readInEffect
    case got(Int)
  }

  @Dependency(\.full.value) var value

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .read:
      state.read.append(value)
      return .none
    case .readInEffect:
      return .run { send in await send(.got(value)) }
    case .got(let value):
      state.read.append(value)
      return .none
    }
  }
}

/// `Reducer.dependency(_:_:)`, `Reducer.dependencies(_:)` and stores made inside
/// `withDependencies`.
@Suite struct ReducerDependencyTests {
  @Test func aReducerSeesTheDependencySetOnIt() async {
    let store = TestStore(initialState: Reader.State()) {
      Reader().dependency(\.full.value, 42)
    }
    await store.send(.read) { $0.read = [42] }
  }

  @Test func theEffectsOfAReducerSeeTheDependencySetOnIt() async {
    let store = TestStore(initialState: Reader.State()) {
      Reader().dependencies { $0.full.value = 7 }
    } withDependencies: {
      $0.full.value = 1
    }
    await store.send(.readInEffect)
    await store.receive(.got(7)) { $0.read = [7] }
  }

  @Test func theInnermostSettingWins() async {
    let store = TestStore(initialState: Reader.State()) {
      Reader().dependency(\.full.value, 2).dependency(\.full.value, 1)
    }
    await store.send(.read) { $0.read = [2] }
  }

  @Test func aStoreMadeInsideWithDependenciesKeepsThemForEveryAction() async {
    let store = withDependencies {
      $0.full.value = 99
    } operation: {
      Store(initialState: Reader.State()) { Reader() }
    }
    store.send(.read)
    #expect(store.state.read == [99])
    await store.send(.readInEffect).finish()
    #expect(store.state.read == [99, 99])
  }

  @Test func aStoreMadeOutsideReadsWhatIsBoundWhereItIsSentTo() {
    let store = Store(initialState: Reader.State()) { Reader() }
    store.send(.read)
    withDependencies {
      $0.full.value = 5
    } operation: {
      _ = store.send(.read)
    }
    #expect(store.state.read == [3, 5], "the test value, then the override bound around send")
  }

  @Test func aReducerMadeInsideWithDependenciesKeepsThem() {
    let reader = withDependencies {
      $0.full.value = 11
    } operation: {
      Reader()
    }
    let store = Store(initialState: Reader.State(), reducer: reader)
    store.send(.read)
    withDependencies {
      $0.full.value = 12
    } operation: {
      _ = store.send(.read)
    }
    #expect(store.state.read == [11, 12], "what is bound where it is read wins")
  }

  @Test func aStoreMadeWithDependenciesRunsWithThemForEveryActionAndEffect() async {
    let store = Store(initialState: Reader.State()) {
      Reader()
    } withDependencies: {
      $0.full.value = 21
    }
    store.send(.read)
    await store.send(.readInEffect).finish()
    #expect(store.state.read == [21, 21])
  }

  @Test func aValueThatIsItsOwnKeyCanBeSetOnAReducer() async {
    let store = TestStore(initialState: Reader.State()) {
      Reader().dependency(FullDependency(value: 64))
    }
    await store.send(.read) { $0.read = [64] }
  }
}
