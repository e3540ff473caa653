import ComposableStore

/// The counter of the first figure.
struct Counter: Reducer {
  enum Action: Sendable { case increment }

  func reduce(into state: inout Int, action: Action) -> Effect<Action> {
    state &+= 1
    return .none
  }
}

/// Sums the values an effect reads from a stream: the second figure.
struct StreamSum: Reducer {
  struct State: Sendable {
    var sum = 0
    var count = 0
  }

  enum Action: Sendable {
    case start(AsyncStream<Int>)
    case value(Int)
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .start(let stream):
      return .run { send in
        for await value in stream { await send(.value(value)) }
      }
    case .value(let value):
      state.sum &+= value
      state.count += 1
      return .none
    }
  }
}

/// A reducer that stalls now and then, fed by several fast effects: the third figure.
struct Stalling: Reducer {
  enum Action: Sendable {
    case start(producers: Int, actionsEach: Int)
    case sample(Int)
  }

  /// Every `stallEvery`-th action blocks the reducer for `stall`.
  let stallEvery: Int
  let stall: Duration

  func reduce(into state: inout Int, action: Action) -> Effect<Action> {
    switch action {
    case .start(let producers, let actionsEach):
      return .merge(
        (0..<producers).map { _ in
          .run { send in for value in 0..<actionsEach { await send(.sample(value)) } }
        })
    case .sample:
      state += 1
      if state % stallEvery == 0 { spin(for: stall) }
      return .none
    }
  }
}

/// Busy-waits: a reducer that is slow because it computes, not because it sleeps.
func spin(for duration: Duration) {
  let clock = ContinuousClock()
  let end = clock.now + duration
  while clock.now < end {}
}
