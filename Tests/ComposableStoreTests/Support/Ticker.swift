import ComposableStore

/// A feature whose effect ticks on an injected clock until cancelled, and says when its task ends.
struct Ticker: Reducer {
  struct State: Equatable, Sendable {
    var ticks = 0
  }

  enum Action: Equatable, Sendable {
    case start
    case restart
    case stop
    case tick
  }

  enum CancelID { case timer }

  let clock: any Clock<Duration>
  /// Opened by the effect's `defer`: proof that its task really ended.
  let ended: Latch

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .start:
      return timer.cancellable(id: CancelID.timer)
    case .restart:
      return timer.cancellable(id: CancelID.timer, cancelInFlight: true)
    case .stop:
      return .cancel(id: CancelID.timer)
    case .tick:
      state.ticks += 1
      return .none
    }
  }

  private var timer: Effect<Action> {
    .run { [clock, ended] send in
      defer { ended.open() }
      while true {
        try await clock.sleep(for: .seconds(1))
        await send(.tick)
      }
    }
  }
}
