import ComposableStore

/// The smallest feature: a count, plus an effect that reports the count back after a delay.
struct Counter: Reducer {
  struct State: Equatable, Sendable {
    var count = 0
    var echoes: [Int] = []
  }

  enum Action: Equatable, Sendable {
    case increment
    case decrement
    case echo
    case echoed(Int)
    case incrementTwiceBySending
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .increment:
      state.count += 1
      return .none
    case .decrement:
      state.count -= 1
      return .none
    case .echo:
      let count = state.count
      return .run { send in await send(.echoed(count)) }
    case .echoed(let value):
      state.echoes.append(value)
      return .none
    case .incrementTwiceBySending:
      return .merge(.send(.increment), .send(.increment))
    }
  }
}
