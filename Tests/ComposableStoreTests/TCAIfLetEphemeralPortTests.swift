// TCA 1.3's IfLetReducerTests that this package's other ports leave out (MIT licence, Point-Free,
// github.com/pointfreeco/swift-composable-architecture,
// Tests/ComposableArchitectureTests/Reducers/IfLetReducerTests.swift at tag 1.3.0), under their
// upstream names: the two tests of ephemeral state. (`testNilChild` is
// `TCAIfLetReducerTests.nilChild`, on a `Store`: its action is `Void`, and a `TestStore`'s must be
// `Equatable`.) TCA's ephemeral states are SwiftUI's `AlertState`; there is none here, so
// `Alert` below stands in for it as swift-navigation defines it for these tests: `Identifiable`
// with a fresh id each time it is made, equal when its title is (the id is not compared), and
// `_EphemeralState`.
import ComposableSensorsTesting
import ComposableStore
import Synchronization
import Testing

/// Where `Alert` ids come from.
private let alertIDs = Atomic<Int>(0)

/// A stand-in for `AlertState<Action>`: a title, a fresh id per value.
private struct Alert<Action>: _EphemeralState, Identifiable, Equatable, Sendable {
  let id: Int
  var title: String

  init(title: String) {
    self.id = alertIDs.add(1, ordering: .relaxed).newValue
    self.title = title
  }

  static func == (lhs: Self, rhs: Self) -> Bool { lhs.title == rhs.title }
}

@Suite struct TCAIfLetEphemeralPortTests {
  @Test func testEphemeralState() async {
    struct Parent: Reducer {
      struct State: Equatable {
        var alert: Alert<AlertAction>?
      }
      enum Action: Equatable {
        case alert(AlertAction)
        case tap
      }
      enum AlertAction { case ok }
      var body: some Reducer<State, Action> {
        Reduce { state, action in
          switch action {
          case .alert:
            return .none
          case .tap:
            state.alert = Alert(title: "Hi!")
            return .none
          }
        }
        .ifLet(\.alert, action: /Action.alert) {
        }
      }
    }
    let store = TestStore(initialState: Parent.State()) {
      Parent()
    }
    await store.send(.tap) {
      $0.alert = Alert(title: "Hi!")
    }
    await store.send(.alert(.ok)) {
      $0.alert = nil
    }
  }

  @Test func testEphemeralDismissal() async {
    struct Feature: Reducer {
      struct State: Equatable {
        var alert: Alert<AlertAction>?
      }
      enum Action: Equatable {
        case alert(AlertAction)
        case tap
      }
      enum AlertAction: Equatable {
        case again
        case ok
      }
      var body: some ReducerOf<Self> {
        Reduce { state, action in
          switch action {
          case .alert(.ok):
            return .none
          case .alert(.again), .tap:
            state.alert = Alert(title: "Hello")
            return .none
          }
        }
        .ifLet(\.alert, action: /Action.alert)
      }
    }

    let store = TestStore(initialState: Feature.State()) { Feature() }

    await store.send(.tap) {
      $0.alert = Alert(title: "Hello")
    }
    await store.send(.alert(.again))
    await store.send(.alert(.ok)) {
      $0.alert = nil
    }
  }
}
