import ComposableStore

/// A counter with an effect that echoes the count back: the smallest feature with an effect.
struct Counter: Reducer {
  struct State: Equatable, Sendable {
    var count = 0
    var echoes: [Int] = []
  }

  enum Action: Equatable, Sendable {
    case increment
    case echo
    case echoed(Int)
    case echoTwice
    case fail
    case forgetToHandleFailure
    case failed(String)
  }

  struct Failure: Error, CustomStringConvertible {
    var description: String { "sensor went away" }
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .increment:
      state.count += 1
      return .none
    case .echo:
      let count = state.count
      return .run { send in await send(.echoed(count)) }
    case .echoed(let value):
      state.echoes.append(value)
      return .none
    case .echoTwice:
      let count = state.count
      return .run { send in
        await send(.echoed(count))
        await send(.echoed(count + 1))
      }
    case .fail:
      return .run { _ in
        throw Failure()
      } catch: { error, send in
        await send(.failed("\(error)"))
      }
    case .forgetToHandleFailure:
      return .run { _ in throw Failure() }
    case .failed:
      return .none
    }
  }
}

/// A search box that debounces its query on an injected clock, as in the `Effect` docs.
struct Search: Reducer {
  struct State: Equatable, Sendable {
    var query = ""
    var searches: [String] = []
  }

  enum Action: Equatable, Sendable {
    case queryChanged(String)
    case search(String)
  }

  enum CancelID { case search }

  let clock: any Clock<Duration>

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .queryChanged(let query):
      state.query = query
      return .run { send in
        try await clock.sleep(for: .milliseconds(300))
        await send(.search(query))
      }
      .cancellable(id: CancelID.search, cancelInFlight: true)
    case .search(let query):
      state.searches.append(query)
      return .none
    }
  }
}

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
