import ComposableStore

/// A test store of the reducer `R`'s state and action:
/// `let store = TestStoreOf<Counter>(initialState: .init()) { Counter() }`.
public typealias TestStoreOf<R: Reducer> = TestStore<R.State, R.Action>
where R.State: Equatable & Sendable, R.Action: Equatable
