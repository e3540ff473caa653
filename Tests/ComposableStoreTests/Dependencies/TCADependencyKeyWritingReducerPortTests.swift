// TCA's DependencyKeyWritingReducerTests (MIT licence, Point-Free,
// github.com/pointfreeco/swift-composable-architecture,
// Tests/ComposableArchitectureTests/DependencyKeyWritingReducerTests.swift), ported test by test
// under the upstream names; `@Reducer` becomes a `Reducer` conformance, and the test store's
// `Action` is `Equatable` (DifferencesFromTCA).
import ComposableSensorsTesting
import ComposableStore
import Testing

private enum MyValue: DependencyKey {
  static let liveValue = 0
  static let testValue = 0
}

extension DependencyValues {
  fileprivate var myValue: Int {
    get { self[MyValue.self] }
    set { self[MyValue.self] = newValue }
  }
}

private struct Feature: Reducer {
  @Dependency(\.myValue) var myValue
  struct State: Equatable { var value = 0 }
  enum Action: Equatable { case tap }
  var body: some Reducer<State, Action> {
    Reduce { state, action in
      switch action {
      case .tap:
        state.value = self.myValue
        return .none
      }
    }
  }
}

private struct FeatureEffectOfEffect: Reducer {
  struct State: Equatable { var count = 0 }
  enum Action: Equatable {
    case tap
    case response(Int)
    case otherResponse(Int)
  }
  @Dependency(\.myValue) var myValue

  var body: some Reducer<State, Action> {
    Reduce { state, action in
      switch action {
      case .tap:
        state.count += 1
        return .run { send in await send(.response(self.myValue)) }
      case .response(let value):
        state.count = value
        return .run { send in await send(.otherResponse(self.myValue)) }
      case .otherResponse(let value):
        state.count = value
        return .none
      }
    }
  }
}

@Suite struct DependencyKeyWritingReducerTests {
  @Test func testWritingFusion() {
    let reducer: _DependencyKeyWritingReducer<Feature> = Feature()
      .dependency(\.myValue, 42)
      .dependency(\.myValue, 1729)
      .dependency(\.myValue, 1)
      .dependency(\.myValue, 2)
      .dependency(\.myValue, 3)

    #expect((reducer as Any) is _DependencyKeyWritingReducer<Feature>)
  }

  @Test func testTransformFusion() {
    let reducer: _DependencyKeyWritingReducer<Feature> = Feature()
      .transformDependency(\.myValue) { $0 = 42 }
      .transformDependency(\.myValue) { $0 = 1729 }
      .transformDependency(\.myValue) { $0 = 1 }
      .transformDependency(\.myValue) { $0 = 2 }
      .transformDependency(\.myValue) { $0 = 3 }

    #expect((reducer as Any) is _DependencyKeyWritingReducer<Feature>)
  }

  @Test func testWritingFusionOrder() async {
    let store = TestStore(initialState: Feature.State()) {
      Feature()
        .dependency(\.myValue, 42)
        .dependency(\.myValue, 1729)
    }

    await store.send(.tap) {
      $0.value = 42
    }
  }

  @Test func testTransformFusionOrder() async {
    let store = TestStore(initialState: Feature.State()) {
      Feature()
        .transformDependency(\.myValue) { $0 = 42 }
        .transformDependency(\.myValue) { $0 = 1729 }
    }

    await store.send(.tap) {
      $0.value = 42
    }
  }

  @Test func testWritingOrder() async {
    let store = TestStore(initialState: Feature.State()) {
      CombineReducers {
        Feature()
          .dependency(\.myValue, 42)
      }
      .dependency(\.myValue, 1729)
    }

    await store.send(.tap) {
      $0.value = 42
    }
  }

  @Test func testTransformOrder() async {
    let store = TestStore(initialState: Feature.State()) {
      CombineReducers {
        Feature()
          .transformDependency(\.myValue) { $0 = 42 }
      }
      .transformDependency(\.myValue) { $0 = 1729 }
    }

    await store.send(.tap) {
      $0.value = 42
    }
  }

  @Test func testDependency_EffectOfEffect() async {
    let store = TestStore(initialState: FeatureEffectOfEffect.State()) {
      FeatureEffectOfEffect()
        .dependency(\.myValue, 42)
    }

    await store.send(.tap) {
      $0.count = 1
    }
    await store.receive(.response(42)) {
      $0.count = 42
    }
    await store.receive(.otherResponse(42))
  }

  /// Not upstream: `transformDependency` changes the value the parent's scope holds, and
  /// not the key's default.
  @Test func transformDependencyChangesTheValueTheParentHolds() async {
    let store = TestStore(initialState: Feature.State()) {
      Feature()
        .transformDependency(\.myValue) { $0 += 1 }
    } withDependencies: {
      $0.myValue = 10
    }
    await store.send(.tap) {
      $0.value = 11
    }
  }
}
