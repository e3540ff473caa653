import ComposableSensorsTesting
import ComposableStore
import Testing

private enum Action: Equatable, Sendable {
  case first(Int)
  case second(Int)
  case pair(id: Int, value: String)
  case plain
}

@Suite struct ActionPathTests {
  @Test func theOneLinerExtractsItsCaseOnly() {
    let first = ActionPath(Action.first)
    #expect(first.extract(.first(3)) == 3)
    #expect(first.extract(.second(3)) == nil, "same payload type, other case")
    #expect(first.extract(.plain) == nil)
    #expect(first.embed(4) == .first(4))
    let second = ActionPath(Action.second)
    #expect(second.extract(.first(3)) == nil)
    #expect(second.extract(.second(5)) == 5)
  }

  @Test func theOneLinerHandlesLabelledPayloads() {
    let pair = ActionPath(Action.pair)
    let extracted = pair.extract(.pair(id: 1, value: "x"))
    #expect(extracted?.0 == 1)
    #expect(extracted?.1 == "x")
    #expect(pair.extract(.first(1)) == nil)
  }

  @Test func aNonCaseFunctionExtractsNothing() {
    let path = ActionPath<Int, Int> { $0 + 1 }
    #expect(path.extract(2) == nil)
  }

  @Test func identifiedActionsRouteThroughTheOneLiner() {
    let path = ActionPath(IdentifiedAction<Int, String>.element)
    #expect(path.extract(.element(id: 2, action: "go"))?.1 == "go")
  }
}

@Suite struct CompositionWarningTests {
  @Test func aTestStoreReportsAnActionForANilChildAsAFailure() async {
    let store = TestStore(initialState: Shelf.State()) { Shelf() }
    await withKnownIssue {
      await store.send(.counter(.increment))
    } matching: { issue in
      let text = #"received a child action when child state was "nil""#
      return issue.comments.contains { $0.rawValue.contains(text) }
    }
  }

  @Test func effectActionsCollectsWhatAnEffectSends() async {
    let effect = Effect<Int>.concatenate(
      .send(1), .run { send in await send(2) }, .merge(.send(3), .none))
    #expect(await effect.actions() == [1, 2, 3])
    #expect(await Effect<Int>.none.actions() == [])
  }
}

/// An optional counter.
private struct Shelf: Reducer {
  struct State: Equatable, Sendable {
    var counter: Counter.State?
  }

  enum Action: Equatable, Sendable {
    case counter(Counter.Action)
  }

  var body: some ReducerOf<Self> {
    Reduce<State, Action> { _, _ in .none }
      .ifLet(\.counter, action: Action.counter) { Counter() }
  }
}
