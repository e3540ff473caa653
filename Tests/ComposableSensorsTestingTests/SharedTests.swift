import ComposableSensorsTesting
import ComposableStore
import Testing

/// A feature with a shared setting.
private struct Units: Reducer {
  struct State: Equatable, Sendable {
    @Shared var metric: Bool
    var toggles = 0

    init(key: String) {
      _metric = Shared(wrappedValue: true, .inMemory(key))
    }
  }

  enum Action: Equatable, Sendable {
    case toggle
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    state.metric.toggle()
    state.toggles += 1
    return .none
  }
}

/// `@Shared` with `.inMemory`, and its changes asserted in the `TestStore` as in TCA.
@Suite struct SharedTests {
  @Test func valuesWithTheSameKeyAreOneValue() {
    withDependencies {
      $0.defaultInMemoryStorage = InMemoryStorage()
    } operation: {
      @Shared(.inMemory("count")) var first = 0
      @Shared(.inMemory("count")) var second = 10
      @Shared(.inMemory("other")) var other = 5
      #expect(second == 0, "the key already held a value: the default is ignored")
      first = 42
      #expect(second == 42)
      #expect(other == 5)
    }
  }

  @Test func keysOfDifferentTypesDoNotCollide() {
    withDependencies {
      $0.defaultInMemoryStorage = InMemoryStorage()
    } operation: {
      @Shared(.inMemory("x")) var number = 1
      @Shared(.inMemory("x")) var text = "a"
      number = 2
      #expect(text == "a")
    }
  }

  @Test func aChildHandedTheProjectedValueWritesTheParentsValue() {
    @Shared(value: 1) var parent: Int
    var child = $parent
    child.wrappedValue = 7
    #expect(parent == 7)
  }

  @Test func aSharedChangeAssertedInTheTestStorePasses() async {
    let store = TestStore(initialState: Units.State(key: "asserted")) { Units() }
    await store.send(.toggle) {
      $0.metric = false
      $0.toggles = 1
    }
    await store.send(.toggle) {
      $0.metric.toggle()
      $0.toggles = 2
    }
    #expect(store.state.metric == true)
  }

  @Test func aSharedChangeNotAssertedFailsTheTest() async {
    let store = TestStore(initialState: Units.State(key: "unasserted")) { Units() }
    await withKnownIssue {
      await store.send(.toggle) { $0.toggles = 1 }
    } matching: { issue in
      issue.comments.contains {
        $0.rawValue.contains("A state change does not match expectation")
          && $0.rawValue.contains("−   _metric: true") && $0.rawValue.contains("+   _metric: false")
      }
    }
  }

  @Test func aWrongAssertionLeavesTheFeaturesSharedValueAlone() async {
    let state = Units.State(key: "wrong")
    let store = TestStore(initialState: state) { Units() }
    await withKnownIssue {
      await store.send(.toggle) {
        $0.metric = true
        $0.toggles = 1
      }
    }
    @Shared(.inMemory("wrong")) var metric = true
    #expect(metric == false, "the reducer's change stands")
  }

  @Test func eachTestStoreHasItsOwnInMemoryStorage() {
    let first = TestStore(initialState: Units.State(key: "first")) { Units() }
    let second = TestStore(initialState: Units.State(key: "second")) { Units() }
    #expect(
      first.dependencies.defaultInMemoryStorage !== second.dependencies.defaultInMemoryStorage)
  }
}
