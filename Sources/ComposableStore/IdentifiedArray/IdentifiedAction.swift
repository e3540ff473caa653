/// An action for one element of an ``IdentifiedArray`` of child features: the element's id and
/// the child action, as ``Reducer/forEach(_:action:element:fileID:filePath:line:column:)-(_,ActionPath<Self.Action,IdentifiedAction<ID,ElementAction>>,_,_,_,_,_)``
/// routes it.
///
/// ```swift
/// enum Action {
///   case devices(IdentifiedActionOf<Device>)
/// }
/// store.send(.devices(.element(id: "iio:device0", action: .start)))
/// ```
public enum IdentifiedAction<ID: Hashable & Sendable, Action: Sendable>: Sendable {
  /// `action` for the element with `id`.
  case element(id: ID, action: Action)

  /// The element's id.
  @inlinable
  public var id: ID {
    switch self {
    case .element(let id, _): id
    }
  }

  /// The child action.
  @inlinable
  public var action: Action {
    switch self {
    case .element(_, let action): action
    }
  }
}

extension IdentifiedAction: Equatable where Action: Equatable {}
extension IdentifiedAction: Hashable where Action: Hashable {}

/// The ``IdentifiedAction`` of a child feature `R` whose state is `Identifiable`.
public typealias IdentifiedActionOf<R: Reducer> = IdentifiedAction<R.State.ID, R.Action>
where R.State: Identifiable, R.State.ID: Sendable
