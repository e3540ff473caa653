import ComposableSensorsTesting
import ComposableStore
import Testing

/// A feature that reads its dependencies in the reducer and in an effect.
private struct Stamper: Reducer {
  struct State: Equatable, Sendable {
    var stamps: [Timestamp] = []
    var ids: [UniqueID] = []
  }

  enum Action: Equatable, Sendable {
    case stamp
    case stampLater
    case stamped(Timestamp)
    case makeID
  }

  @Dependency(\.date) var date
  @Dependency(\.continuousClock) var clock
  @Dependency(\.uuid) var uuid

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .stamp:
      state.stamps.append(date.now)
      return .none
    case .stampLater:
      return .run { send in
        try await clock.sleep(for: .seconds(1))
        await send(.stamped(date.now))
      }
    case .stamped(let stamp):
      state.stamps.append(stamp)
      return .none
    case .makeID:
      state.ids.append(uuid())
      return .none
    }
  }
}

private let first = Timestamp(timeIntervalSince1970: 100)
private let second = Timestamp(timeIntervalSince1970: 200)

/// `TestStore(initialState:reducer:withDependencies:)` and `store.dependencies`, as in TCA.
@Suite struct TestStoreDependenciesTests {
  @Test func theStoreRunsTheFeatureWithTheDependenciesItWasGiven() async {
    let store = TestStore(initialState: Stamper.State()) {
      Stamper()
    } withDependencies: {
      $0.date = .constant(first)
      $0.uuid = .incrementing
    }
    await store.send(.stamp) { $0.stamps = [first] }
    await store.send(.makeID) { $0.ids = [UniqueID(0)] }
    await store.send(.makeID) { $0.ids = [UniqueID(0), UniqueID(1)] }
  }

  @Test func changingDependenciesMidTestAppliesToTheNextAction() async {
    let store = TestStore(initialState: Stamper.State()) {
      Stamper()
    } withDependencies: {
      $0.date = .constant(first)
    }
    await store.send(.stamp) { $0.stamps = [first] }
    store.dependencies.date = .constant(second)
    await store.send(.stamp) { $0.stamps = [first, second] }
  }

  @Test func anEffectKeepsTheDependenciesOfTheActionThatStartedIt() async {
    let clock = TestClock()
    let store = TestStore(initialState: Stamper.State()) {
      Stamper()
    } withDependencies: {
      $0.date = .constant(first)
      $0.continuousClock = clock
    }
    await store.send(.stampLater)
    store.dependencies.date = .constant(second)
    await clock.advance(by: .seconds(1))
    await store.receive(.stamped(first)) { $0.stamps = [first] }
    await store.send(.stamp) { $0.stamps = [first, second] }
  }

  @Test func aDependencyTheTestDidNotOverrideFailsItNamingTheDependency() async {
    let store = TestStore(initialState: Stamper.State()) { Stamper() }
    store.exhaustivity = .off(showSkippedAssertions: false)
    await withKnownIssue {
      await store.send(.stamp)
    } matching: { issue in
      issue.comments.contains { $0.rawValue == #"Unimplemented: @Dependency(\.date)"# }
    }
  }

  @Test func theTestStoreRunsInTheTestContextWhateverIsBoundAroundIt() async {
    let store = withDependencies {
      $0.context = .live
    } operation: {
      TestStore(initialState: Stamper.State()) { Stamper() }
    }
    #expect(store.dependencies.context == .test)
  }

  @Test func overridesBoundAroundTheTestStoreReachTheFeature() async {
    let store = withDependencies {
      $0.date = .constant(second)
    } operation: {
      TestStore(initialState: Stamper.State()) { Stamper() }
    }
    await store.send(.stamp) { $0.stamps = [second] }
  }

  @Test func theLiveClientsAreUnimplementedInTestsAndNameTheDependency() async {
    let store = TestStore(initialState: Stamper.State()) { Stamper() }
    let motion = store.dependencies.motionClient
    let location = store.dependencies.locationClient
    withKnownIssue {
      _ = motion.isAvailable(.gyro)
    } matching: { issue in
      issue.comments.contains {
        $0.rawValue.hasPrefix(#"Unimplemented: @Dependency(\.motionClient).isAvailable was called"#)
      }
    }
    await withKnownIssue {
      _ = await location.locationServicesEnabled()
    } matching: { issue in
      issue.comments.contains {
        $0.rawValue.hasPrefix(
          #"Unimplemented: @Dependency(\.locationClient).locationServicesEnabled was called"#)
      }
    }
  }
}
