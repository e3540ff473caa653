import ComposableStore
import Synchronization

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

/// A compass that follows a heading sensor until told to stop: the feature with a long-lived
/// effect, fed by a `ScriptedStream` in tests.
struct Compass: Reducer {
  struct State: Equatable, Sendable {
    var headings: [Double] = []
    var finished = false
  }

  enum Action: Equatable, Sendable {
    case start
    case stop
    case heading(Double)
    case finished
  }

  enum CancelID { case updates }

  let headings: @Sendable () -> AsyncThrowingStream<Double, any Error>

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .start:
      return .run { send in
        for try await heading in headings() { await send(.heading(heading)) }
        await send(.finished)
      }
      .cancellable(id: CancelID.updates)
    case .stop:
      return .cancel(id: CancelID.updates)
    case .heading(let degrees):
      state.headings.append(degrees)
      return .none
    case .finished:
      state.finished = true
      return .none
    }
  }
}

/// A feature whose effect escapes its `send` and returns: the mistake TCA reports as "An action
/// was sent from a completed effect". The test sends through ``EscapedSend`` afterwards.
struct Courier: Reducer {
  enum Action: Equatable, Sendable {
    case start
    case delivered
  }

  let escaped: EscapedSend

  func reduce(into state: inout Int, action: Action) -> Effect<Action> {
    switch action {
    case .start:
      return .run { send in escaped.keep(send) }
    case .delivered:
      state += 1
      return .none
    }
  }
}

/// Where ``Courier``'s effect leaves its `send`.
final class EscapedSend: Sendable {
  private let storage = Mutex<Send<Courier.Action>?>(nil)
  func keep(_ send: Send<Courier.Action>) { storage.withLock { $0 = send } }
  func send(_ action: Courier.Action) async { await storage.withLock { $0 }?(action) }
}
