import ComposableSensorsTesting
import ComposableStore

// The features of TCA 1.16's `SharedTests.swift` (pointfreeco/swift-composable-architecture,
// Tests/ComposableArchitectureTests), rewritten without macros: `Reducer` with `reduce`, an
// `Equatable` action, a `\.continuousClock` dependency where TCA's use `\.mainQueue`.

struct Stats: Equatable, Sendable, Codable {
  var count = 0
}

struct Profile: Equatable, Sendable {
  @Shared var stats: Stats
}

/// A feature holding several shared values, one nested in another.
struct SharedFeature: Reducer {
  struct State: Equatable, Sendable {
    var count = 0
    @Shared var profile: Profile
    @Shared var sharedCount: Int
    @Shared var stats: Stats
    @Shared var isOn: Bool

    init(
      count: Int = 0,
      profile: Shared<Profile> = Shared(Profile(stats: Shared(Stats()))),
      sharedCount: Shared<Int> = Shared(0),
      stats: Shared<Stats> = Shared(Stats()),
      isOn: Shared<Bool> = Shared(false)
    ) {
      self.count = count
      _profile = profile
      _sharedCount = sharedCount
      _stats = stats
      _isOn = isOn
    }
  }

  enum Action: Equatable, Sendable {
    case delegate(Delegate)
    case increment
    case incrementStats
    case incrementSharedInDelegate
    case longLivingEffect
    case request
    case sharedIncrement
    case toggleIsOn

    enum Delegate: Equatable, Sendable {
      case didIncrement
    }
  }

  @Dependency(\.continuousClock) var clock

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .delegate(.didIncrement):
      state.count += 1
      state.stats.count += 1
      return .none
    case .increment:
      state.count += 1
      return .none
    case .incrementStats:
      state.profile.stats.count += 1
      state.stats.count += 1
      return .none
    case .incrementSharedInDelegate:
      return .send(.delegate(.didIncrement))
    case .longLivingEffect:
      return .run { [sharedCount = state.$sharedCount] _ in
        try await clock.sleep(for: .seconds(1))
        sharedCount.withLock { $0 += 1 }
      }
    case .request:
      return .run { send in await send(.sharedIncrement) }
    case .sharedIncrement:
      state.sharedCount += 1
      return .none
    case .toggleIsOn:
      state.isOn.toggle()
      return .none
    }
  }
}

/// One shared count, changed by the reducer or by an effect.
struct SimpleFeature: Reducer {
  struct State: Equatable, Sendable {
    @Shared var count: Int
  }

  enum Action: Equatable, Sendable {
    case incrementInEffect
    case incrementInReducer
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .incrementInEffect:
      return .run { [count = state.$count] _ in count.withLock { $0 += 1 } }
    case .incrementInReducer:
      state.count += 1
      return .none
    }
  }
}

/// A timer that counts its ticks in shared state, in the reducer or in the effect.
struct SharedTimer: Reducer {
  struct State: Equatable, Sendable {
    @Shared var count: Int
  }

  enum Action: Equatable, Sendable {
    case startTimer
    case stopTimer
    case timerTick
  }

  enum CancelID { case timer }

  /// Whether the effect, not the reducer, counts the ticks (and sets 42 a second after stop).
  var countsInEffect = false
  @Dependency(\.continuousClock) var clock

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .startTimer:
      return .run { [count = state.$count, countsInEffect] send in
        while true {
          try await clock.sleep(for: .seconds(1))
          if countsInEffect { count.withLock { $0 += 1 } }
          await send(.timerTick)
        }
      }
      .cancellable(id: CancelID.timer)
    case .stopTimer:
      guard countsInEffect else { return .cancel(id: CancelID.timer) }
      return .merge(
        .cancel(id: CancelID.timer),
        .run { [count = state.$count] _ in
          try await clock.sleep(for: .seconds(1))
          count.withLock { $0 = 42 }
        }
      )
    case .timerTick:
      if !countsInEffect { state.count += 1 }
      return .none
    }
  }
}

/// A feature whose counter is shared in memory under "count": TCA's `SharedInMemoryTests`.
struct InMemoryCounter: Reducer {
  struct State: Equatable, Sendable {
    @Shared var count: Int

    init() {
      _count = Shared(wrappedValue: 0, .inMemory("count"))
    }
  }

  enum Action: Equatable, Sendable {
    case incrementButtonTapped
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    state.count += 1
    return .none
  }
}

/// Three counters: the first two share one in-memory storage, the third has its own.
struct InMemorySiblings: Reducer {
  struct State: Equatable, Sendable {
    var child1 = InMemoryCounter.State()
    var child2 = InMemoryCounter.State()
    var child3 = withDependencies {
      $0.defaultInMemoryStorage = InMemoryStorage()
    } operation: {
      InMemoryCounter.State()
    }
  }

  enum Action: Equatable, Sendable {
    case child1(InMemoryCounter.Action)
    case child2(InMemoryCounter.Action)
    case child3(InMemoryCounter.Action)
  }

  var body: some Reducer<State, Action> {
    Scope(state: \.child1, action: ActionPath(Action.child1)) { InMemoryCounter() }
    Scope(state: \.child2, action: ActionPath(Action.child2)) { InMemoryCounter() }
    Scope(state: \.child3, action: ActionPath(Action.child3)) { InMemoryCounter() }
  }
}
