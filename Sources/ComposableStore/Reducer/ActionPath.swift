/// How a parent action holds a child feature's action: embed a child action in the parent's
/// enum, and extract it back out (or `nil` when the parent action is about something else).
///
/// ```swift
/// enum AppAction { case motion(MotionFeature.Action), quit }
/// let motionPath = ActionPath<AppAction, MotionFeature.Action>(embed: AppAction.motion) {
///   guard case let .motion(action) = $0 else { return nil }
///   return action
/// }
/// ```
///
/// This is the one piece of a case path that ``Scope`` needs, without macros or dependencies.
public struct ActionPath<Root, Value>: Sendable {
  /// Wraps a child action in the parent action.
  public let embed: @Sendable (Value) -> Root
  /// Unwraps the child action, or returns `nil` if `root` is not a child action.
  public let extract: @Sendable (Root) -> Value?

  /// Creates a path from its two directions.
  public init(
    embed: @escaping @Sendable (Value) -> Root,
    extract: @escaping @Sendable (Root) -> Value?
  ) {
    self.embed = embed
    self.extract = extract
  }
}

extension ActionPath {
  /// Whether `root` is the case this path leads to, as CasePaths' `~=`:
  /// `await store.receive { (/Action.response) ~= $0 }`, or `case /Action.response:` in a switch.
  ///
  /// - Parameters:
  ///   - pattern: The path to a case.
  ///   - root: The value to match.
  /// - Returns: `true` if the path extracts a value from `root`.
  public static func ~= (pattern: ActionPath, root: Root) -> Bool {
    pattern.extract(root) != nil
  }
}
