import Synchronization

extension ActionPath {
  /// A path to the enum case that `embed` builds, with `extract` found by reflection, so the
  /// common case is one line:
  ///
  /// ```swift
  /// enum Action { case motion(MotionFeature.Action), quit }
  /// static let motionPath = ActionPath(Action.motion)
  /// ```
  ///
  /// `embed` must be an enum case (`Action.motion`, or `{ .element(id: $0, action: $1) }` for a
  /// case with several values); any other function extracts `nil` from everything. Extracting
  /// reflects on the value (a `Mirror`, which allocates) for every action routed through the
  /// path: for a reducer handling thousands of actions a second, spell the extraction out
  /// instead, in one line too:
  ///
  /// ```swift
  /// ActionPath(embed: Action.motion, extract: { if case .motion(let a) = $0 { a } else { nil } })
  /// ```
  ///
  /// Two cases with the same name and payload type but different argument labels
  /// (`case set(x: Int)`, `case set(y: Int)`) cannot be told apart by reflection: spell those out.
  public init(_ embed: @escaping @Sendable (Value) -> Root) {
    let caseName = CaseName()
    self.init(embed: embed) { root in
      let mirror = Mirror(reflecting: root)
      guard mirror.displayStyle == .enum, let payload = mirror.children.first,
        let value = payload.value as? Value
      else { return nil }
      // Another case with the same payload type casts too: compare case names.
      let name = caseName.of(embed, value)
      guard payload.label == name else { return nil }
      return value
    }
  }
}

/// The name of the case an embedding function builds, learned from the first value it embeds.
private final class CaseName: Sendable {
  private let name = Mutex<String??>(nil)

  func of<Root, Value>(_ embed: (Value) -> Root, _ value: Value) -> String? {
    if let known = name.withLock({ $0 }) { return known }
    let learned = Mirror(reflecting: embed(value)).children.first?.label
    name.withLock { $0 = .some(learned) }
    return learned
  }
}
