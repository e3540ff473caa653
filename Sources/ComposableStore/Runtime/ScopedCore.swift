/// The core of a scoped store: a child's view of its parent store, owning no reducer, no state
/// and no effect. It reads the slice of the parent's state when asked, sends child actions
/// embedded in the parent's, and shares the parent's effects, which are the root's.
///
/// It holds the parent store, so a child store keeps its parent alive.
final class ScopedCore<
  ParentState: Sendable, ParentAction: Sendable, State: Sendable, Action: Sendable
>:
  StoreCore
{
  let parent: Store<ParentState, ParentAction>
  let toState: @Sendable (ParentState) -> State
  let toParentAction: @Sendable (Action) -> ParentAction
  let isDuplicate: (@Sendable (State, State) -> Bool)?

  init(
    parent: Store<ParentState, ParentAction>,
    state toState: @escaping @Sendable (ParentState) -> State,
    action toParentAction: @escaping @Sendable (Action) -> ParentAction,
    isDuplicate: (@Sendable (State, State) -> Bool)?
  ) {
    self.parent = parent
    self.toState = toState
    self.toParentAction = toParentAction
    self.isDuplicate = isDuplicate
  }

  var state: State { toState(parent.state) }

  func send(_ action: Action) -> StoreTask {
    parent.send(toParentAction(action))
  }

  func observe(_ observer: StateObserver<State>) -> (@Sendable () -> Void)? {
    let toState = self.toState
    return parent.core.observe(
      StateObserver(yield: { observer.yield(toState($0)) }, finish: observer.finish))
  }

  var effects: any EffectHost { parent.core.effects }
}
