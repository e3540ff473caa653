/// A store of the reducer `R`'s state and action: `let store: StoreOf<Counter>`.
public typealias StoreOf<R: Reducer> = Store<R.State, R.Action> where R.State: Sendable
