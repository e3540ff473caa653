/// The runtime warnings of the composing reducers. Tests pin this text: it is what a developer
/// sees when a child action has nowhere to go, so each says why it happens and what to do.
@usableFromInline
enum CompositionWarning {
  /// A value's dump, one line per property, indented under its label. An enum value starts with
  /// its type, as TCA's dump does: `Result.success(1)`.
  static func indented(_ value: Any) -> String {
    var lines = dumpLines(value)
    if Mirror(reflecting: value).displayStyle == .enum, let first = lines.first,
      first.hasPrefix(".")
    {
      lines[0] = typeName(of: value, genericArguments: false) + first
    }
    return lines.map { "    " + $0 }.joined(separator: "\n")
  }

  /// The closing advice of both warnings about a child action for another case of enum state.
  static let otherCaseAdvice = """
    An in-flight effect emitted this action when child state was unavailable. While it may be \
    perfectly reasonable to ignore this action, consider canceling the associated effect before \
    child state changes to another case, especially if it is a long-living effect.

    This action was sent to the store while state was another case. Make sure that actions for \
    this reducer can only be sent from a store when state is set to the appropriate case.
    """

  @usableFromInline
  static func ifLetNil(action: Any, site: SourceSite) -> String {
    """
    An "ifLet" at "\(site.fileID):\(site.line)" received a child action when child state was \
    "nil".

      Action:
    \(indented(action))

    This is generally considered an application logic error, and can happen for a few reasons:

    A parent reducer set child state to "nil" before this reducer ran. This reducer must run \
    before any other reducer sets child state to "nil". This ensures that child reducers can \
    handle their actions while their state is still available.

    An in-flight effect emitted this action when child state was "nil". While it may be \
    perfectly reasonable to ignore this action, consider canceling the associated effect before \
    child state becomes "nil", especially if it is a long-living effect.

    This action was sent to the store while state was "nil". Make sure that actions for this \
    reducer can only be sent from a store when state is non-"nil".
    """
  }

  @usableFromInline
  static func ifCaseLetOtherCase(action: Any, state: Any, site: SourceSite) -> String {
    """
    An "ifCaseLet" at "\(site.fileID):\(site.line)" received a child action when child state \
    was set to a different case.

      Action:
    \(indented(action))
      State:
    \(indented(state))

    This is generally considered an application logic error, and can happen for a few reasons:

    A parent reducer set "\(typeName(of: state, genericArguments: false))" to a different case \
    before this reducer ran. \
    This reducer must run before any other reducer sets child state to a different case. This \
    ensures that child reducers can handle their actions while their state is still available.

    \(otherCaseAdvice)
    """
  }

  @usableFromInline
  static func scopeOtherCase(action: Any, state: Any, site: SourceSite) -> String {
    """
    A "Scope" at "\(site.fileID):\(site.line)" received a child action when child state was \
    set to a different case.

      Action:
        \(debugCaseOutput(action))
      State:
        \(debugCaseOutput(state))

    This is generally considered an application logic error, and can happen for a few reasons:

    A parent reducer set "\(typeName(of: state, genericArguments: false))" to a different case \
    before the scoped reducer ran. Child reducers must run before any parent reducer sets child \
    state to a different case. This ensures that child reducers can handle their actions while \
    their state is still available. Consider using "Reducer.ifCaseLet" to embed this child \
    reducer in the parent reducer that change its state to ensure the child reducer runs first.

    \(otherCaseAdvice)
    """
  }

  @usableFromInline
  static func forEachMissingElement(action: Any, site: SourceSite) -> String {
    """
    A "forEach" at "\(site.fileID):\(site.line)" received an action for a missing element.

      Action:
        \(debugCaseOutput(action))

    This is generally considered an application logic error, and can happen for a few reasons:

    A parent reducer removed an element with this ID before this reducer ran. This reducer must \
    run before any other reducer removes an element, which ensures that element reducers can \
    handle their actions while their state is still available.

    An in-flight effect emitted this action when state contained no element at this ID. While it \
    may be perfectly reasonable to ignore this action, consider canceling the associated effect \
    before an element is removed, especially if it is a long-living effect.

    This action was sent to the store while its state contained no element at this ID. To fix \
    this make sure that actions for this reducer can only be sent from a store when its state \
    contains an element at this id.
    """
  }
}
