/// A path into one case of an enum: the same type as ``ActionPath``, named for enum state.
///
/// ``Reducer/ifCaseLet(_:action:then:fileID:filePath:line:column:)`` runs a child on one case of
/// an enum state, and takes one of these for the state:
///
/// ```swift
/// enum State { case idle, tracking(Tracking.State) }
/// .ifCaseLet(CasePath(State.tracking), action: ActionPath(Action.tracking)) { Tracking() }
/// ```
public typealias CasePath<Root, Value> = ActionPath<Root, Value>
