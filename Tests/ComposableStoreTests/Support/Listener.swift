import ComposableStore

/// A feature that listens to a stream of samples until told to stop.
struct Listener: Reducer {
  struct State: Equatable, Sendable {
    var samples: [Double] = []
    var finished = false
    var error: String?
  }

  enum Action: Equatable, Sendable {
    case start
    case stop
    case sample(Double)
    case finished
    case failed(String)
  }

  enum CancelID { case listening }

  let samples: @Sendable () -> AsyncThrowingStream<Double, any Error>

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .start:
      return .run { send in
        for try await sample in samples() { await send(.sample(sample)) }
        await send(.finished)
      } catch: { error, send in
        await send(.failed("\(error)"))
      }
      .cancellable(id: CancelID.listening)
    case .stop:
      return .cancel(id: CancelID.listening)
    case .sample(let value):
      state.samples.append(value)
      return .none
    case .finished:
      state.finished = true
      return .none
    case .failed(let message):
      state.error = message
      return .none
    }
  }
}
