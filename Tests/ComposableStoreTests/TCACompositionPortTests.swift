// Ports of The Composable Architecture's composition tests (MIT licence, Point-Free,
// github.com/pointfreeco/swift-composable-architecture, Tests/ComposableArchitectureTests):
// ScopeTests, IfLetReducerTests, IfCaseLetReducerTests, ForEachReducerTests and StoreTests'
// scoping tests, rewritten without macros (case key paths become ActionPath one-liners). The
// warnings' texts are TCA's, without the sentence naming a SwiftUI view (see DifferencesFromTCA).
import ComposableSensorsTesting
import ComposableStore
import Testing

private struct Child1: Reducer {
  struct State: Equatable { var count = 0 }
  enum Action: Equatable {
    case decrementButtonTapped
    case incrementButtonTapped
  }
  var body: some Reducer<State, Action> {
    Reduce { state, action in
      switch action {
      case .decrementButtonTapped:
        state.count -= 1
        return state.count < 0 ? .run { send in await send(.incrementButtonTapped) } : .none
      case .incrementButtonTapped:
        state.count += 1
        return .none
      }
    }
  }
}

private struct Child2: Reducer {
  enum State: Equatable {
    case count(Int)
    case name(String)
  }
  enum Action: Equatable {
    case count(Int)
    case name(String)
  }
  var body: some ReducerOf<Self> {
    EmptyReducer()
      .ifCaseLet(CasePath(State.count), action: ActionPath(Action.count)) {
        Reduce { state, action in
          state = action
          return state < 0 ? .run { send in await send(0) } : .none
        }
      }
      .ifCaseLet(CasePath(State.name), action: ActionPath(Action.name)) {
        Reduce { state, action in
          state = action
          return state.isEmpty ? .run { send in await send("Empty") } : .none
        }
      }
  }
}

private struct Feature: Reducer {
  struct State: Equatable {
    var child1 = Child1.State()
    var child2 = Child2.State.count(0)
  }
  enum Action: Equatable {
    case child1(Child1.Action)
    case child2(Child2.Action)
  }
  var body: some ReducerOf<Self> {
    Scope(state: \.child1, action: Action.child1) { Child1() }
    Scope(state: \.child2, action: Action.child2) { Child2() }
  }
}

private struct Elements: Reducer {
  struct Row: Equatable, Identifiable {
    var id: Int
    var value: String
  }
  struct State: Equatable {
    var rows: IdentifiedArrayOf<Row> = []
  }
  enum Action: Equatable {
    case buttonTapped
    case rows(IdentifiedAction<Int, String>)
  }
  var body: some ReducerOf<Self> {
    EmptyReducer()
      .forEach(\.rows, action: Action.rows) {
        Reduce<Row, String> { state, action in
          state.value = action
          return action.isEmpty ? .run { send in await send("Empty") } : .none
        }
      }
  }
}

/// TCA's advice paragraphs, shared by the warnings about a child action for another case.
private let otherCaseAdvice = """
  An in-flight effect emitted this action when child state was unavailable. While it may be \
  perfectly reasonable to ignore this action, consider canceling the associated effect before \
  child state changes to another case, especially if it is a long-living effect.

  This action was sent to the store while state was another case. Make sure that actions for \
  this reducer can only be sent from a store when state is set to the appropriate case.
  """

@Suite struct TCAScopeTests {
  @Test func structChild() async {
    let store = TestStore(initialState: Feature.State()) { Feature() }
    await store.send(.child1(.incrementButtonTapped)) { $0.child1.count = 1 }
    await store.send(.child1(.decrementButtonTapped)) { $0.child1.count = 0 }
    await store.send(.child1(.decrementButtonTapped)) { $0.child1.count = -1 }
    await store.receive(.child1(.incrementButtonTapped)) { $0.child1.count = 0 }
  }

  @Test func enumChild() async {
    let store = TestStore(initialState: Feature.State()) { Feature() }
    await store.send(.child2(.count(1))) { $0.child2 = .count(1) }
    await store.send(.child2(.count(-1))) { $0.child2 = .count(-1) }
    await store.receive(.child2(.count(0))) { $0.child2 = .count(0) }
  }

  @Test func aTestStoreTakesAReducerBuiltOutsideTheBuilderClosure() async {
    let feature = Feature()
    let store = TestStoreOf<Feature>(initialState: Feature.State()) { feature }
    await store.send(.child1(.incrementButtonTapped)) { $0.child1.count = 1 }
  }

  @Test func nilChild() async {
    let line = #line + 2
    let store = TestStoreOf<Child2>(initialState: .count(0)) {
      Scope(state: CasePath(Child2.State.name), action: Child2.Action.name) {}
    }
    let expected = """
      A "Scope" at "ComposableStoreTests/TCACompositionPortTests.swift:\(line)" received a child \
      action when child state was set to a different case.

        Action:
          Child2.Action.name
        State:
          Child2.State.count

      This is generally considered an application logic error, and can happen for a few reasons:

      A parent reducer set "Child2.State" to a different case before the scoped reducer ran. \
      Child reducers must run before any parent reducer sets child state to a different case. \
      This ensures that child reducers can handle their actions while their state is still \
      available. Consider using "Reducer.ifCaseLet" to embed this child reducer in the parent \
      reducer that change its state to ensure the child reducer runs first.

      \(otherCaseAdvice)
      """
    await withKnownIssue {
      await store.send(.name("Blob"))
    } matching: { issue in
      issue.comments.contains { $0.rawValue.hasSuffix(expected) }
    }
  }
}

@Suite struct TCAIfLetReducerTests {
  @Test func nilChild() {
    let line = #line + 3
    let store = Store(initialState: Int?.none) {
      EmptyReducer<Int?, Void>()
        .ifLet(\.self, action: ActionPath(embed: { $0 }, extract: { $0 })) {}
    }
    let warnings = collectingRuntimeWarnings { store.send(()) }
    #expect(
      warnings == [
        """
        An "ifLet" at "ComposableStoreTests/TCACompositionPortTests.swift:\(line)" received a \
        child action when child state was "nil".

          Action:
            ()

        This is generally considered an application logic error, and can happen for a few \
        reasons:

        A parent reducer set child state to "nil" before this reducer ran. This reducer must \
        run before any other reducer sets child state to "nil". This ensures that child \
        reducers can handle their actions while their state is still available.

        An in-flight effect emitted this action when child state was "nil". While it may be \
        perfectly reasonable to ignore this action, consider canceling the associated effect \
        before child state becomes "nil", especially if it is a long-living effect.

        This action was sent to the store while state was "nil". Make sure that actions for \
        this reducer can only be sent from a store when state is non-"nil".
        """
      ])
  }
}

private struct SomeError: Error, Equatable {}

@Suite struct TCAIfCaseLetReducerTests {
  @Test func childAction() async {
    let store = TestStore(initialState: Result<Int, SomeError>.success(0)) {
      Reduce<Result<Int, SomeError>, Result<Int, SomeError>> { state, action in
        .none
      }
      .ifCaseLet(CasePath(Result.success), action: ActionPath(Result.success)) {
        Reduce { state, action in
          state = action
          return state < 0 ? .run { send in await send(0) } : .none
        }
      }
    }
    await store.send(.success(1)) { $0 = .success(1) }
    await store.send(.failure(SomeError()))
    await store.send(.success(-1)) { $0 = .success(-1) }
    await store.receive(.success(0)) { $0 = .success(0) }
  }

  @Test func nilChild() async {
    let line = #line + 3
    let store = TestStore(initialState: Result<Int, SomeError>.failure(SomeError())) {
      EmptyReducer<Result<Int, SomeError>, Result<Int, SomeError>>()
        .ifCaseLet(CasePath(Result.success), action: ActionPath(Result.success)) {}
    }
    let expected = """
      An "ifCaseLet" at "ComposableStoreTests/TCACompositionPortTests.swift:\(line)" received a \
      child action when child state was set to a different case.

        Action:
          Result.success(1)
        State:
          Result.failure(SomeError())

      This is generally considered an application logic error, and can happen for a few reasons:

      A parent reducer set "Result" to a different case before this reducer ran. This reducer \
      must run before any other reducer sets child state to a different case. This ensures that \
      child reducers can handle their actions while their state is still available.

      \(otherCaseAdvice)
      """
    await withKnownIssue {
      await store.send(.success(1))
    } matching: { issue in
      issue.comments.contains { $0.rawValue.hasSuffix(expected) }
    }
  }
}

@Suite struct TCAForEachReducerTests {
  private let rows: IdentifiedArrayOf<Elements.Row> = [
    .init(id: 1, value: "Blob"), .init(id: 2, value: "Blob Jr."), .init(id: 3, value: "Blob Sr."),
  ]

  @Test func elementAction() async {
    let store = TestStore(initialState: Elements.State(rows: rows)) { Elements() }
    await store.send(.rows(.element(id: 1, action: "Blob Esq."))) {
      $0.rows[id: 1]?.value = "Blob Esq."
    }
    await store.send(.rows(.element(id: 2, action: ""))) { $0.rows[id: 2]?.value = "" }
    await store.receive(.rows(.element(id: 2, action: "Empty"))) {
      $0.rows[id: 2]?.value = "Empty"
    }
  }

  @Test func elementActionThroughThePositionalSubscript() async {
    let store = TestStore(initialState: Elements.State(rows: rows)) { Elements() }
    await store.send(.rows(.element(id: 1, action: "Blob Esq."))) {
      $0.rows[0].value = "Blob Esq."
    }
  }

  @Test func nonElementAction() async {
    let store = TestStore(initialState: Elements.State()) { Elements() }
    await store.send(.buttonTapped)
  }

  @Test func missingElement() async {
    let line = #line + 3
    let store = TestStore(initialState: Elements.State()) {
      EmptyReducer<Elements.State, Elements.Action>()
        .forEach(\.rows, action: Elements.Action.rows) {}
    }
    let expected = """
      A "forEach" at "ComposableStoreTests/TCACompositionPortTests.swift:\(line)" received an \
      action for a missing element.

        Action:
          Elements.Action.rows(.element(id:, action:))

      This is generally considered an application logic error, and can happen for a few reasons:

      A parent reducer removed an element with this ID before this reducer ran. This reducer \
      must run before any other reducer removes an element, which ensures that element \
      reducers can handle their actions while their state is still available.

      An in-flight effect emitted this action when state contained no element at this ID. \
      While it may be perfectly reasonable to ignore this action, consider canceling the \
      associated effect before an element is removed, especially if it is a long-living effect.

      This action was sent to the store while its state contained no element at this ID. To \
      fix this make sure that actions for this reducer can only be sent from a store when \
      its state contains an element at this id.
      """
    await withKnownIssue {
      await store.send(.rows(.element(id: 1, action: "Blob Esq.")))
    } matching: { issue in
      issue.comments.contains { $0.rawValue.hasSuffix(expected) }
    }
  }
}
