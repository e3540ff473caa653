import ComposableStore

/// A child feature with a long-living effect: ticks on an injected clock until cancelled.
struct Stopwatch: Reducer {
  struct State: Equatable, Sendable, Identifiable {
    var id = 0
    var ticks = 0
  }

  enum Action: Equatable, Sendable {
    case start
    case stop
    case tick
    /// Reports the state's id after a clock step: tells which child an effect belonged to.
    case report
    case reported(Int)
  }

  enum CancelID { case timer }

  let clock: any Clock<Duration>

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .start:
      return .run { [clock] send in
        while true {
          try await clock.sleep(for: .seconds(1))
          await send(.tick)
        }
      }
      .cancellable(id: CancelID.timer)
    case .stop:
      return .cancel(id: CancelID.timer)
    case .tick:
      state.ticks += 1
      return .none
    case .report:
      return .run { [clock, id = state.id] send in
        try await clock.sleep(for: .seconds(1))
        await send(.reported(id))
      }
    case .reported(let id):
      state.ticks = id
      return .none
    }
  }
}

/// Warnings raised by reducers while `body` runs, instead of standard error.
func collectingRuntimeWarnings(_ body: () -> Void) -> [String] {
  let warnings = Recorder<String>()
  let reporter: RuntimeWarning.Reporter = { message, _, _, _, _ in warnings.record(message) }
  RuntimeWarning.$reporter.withValue(reporter, operation: body)
  return warnings.all
}
