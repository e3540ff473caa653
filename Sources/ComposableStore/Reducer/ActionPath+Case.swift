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
  /// `embed` must build enum cases: `Action.motion`, `{ .element(id: $0, action: $1) }` for a
  /// case with several values, or `{ .motion(.sample($0)) }` for a case nested in another (the
  /// path runs through each level's case). Any other function extracts `nil` from everything.
  /// Extracting reflects on the value (a `Mirror`, which allocates) for every action routed
  /// through the path: for a reducer handling thousands of actions a second, spell the
  /// extraction out instead, in one line too:
  ///
  /// ```swift
  /// ActionPath(embed: Action.motion, extract: { if case .motion(let a) = $0 { a } else { nil } })
  /// ```
  ///
  /// Two cases with the same name and payload type but different argument labels
  /// (`case set(x: Int)`, `case set(y: Int)`) cannot be told apart by reflection: spell those out.
  public init(_ embed: @escaping @Sendable (Value) -> Root) {
    let learned = LearnedCaseChain()
    self.init(embed: embed) { root in
      if let chain = learned.chain { return CaseReflection.payload(of: root, along: chain) }
      // Walk down the cases until a payload is a `Value`, then check that `embed` builds the
      // same cases around it: another case with the same payload type casts too.
      var chain: [String] = []
      var current: Any = root
      while let (label, payload) = CaseReflection.casePayload(of: current) {
        chain.append(label)
        if let value = payload as? Value {
          guard CaseReflection.chain(of: embed(value), depth: chain.count) == chain else {
            return nil
          }
          learned.learn(chain)
          return value
        }
        current = payload
      }
      return nil
    }
  }

  /// The path to `path`'s value inside this path's value: `ActionPath(Action.motion)` appending
  /// `ActionPath(Motion.Action.sample)` embeds a sample as `.motion(.sample(…))` and extracts
  /// one from such an action only.
  public func appending<AppendedValue>(
    path: ActionPath<Value, AppendedValue>
  ) -> ActionPath<Root, AppendedValue> {
    ActionPath<Root, AppendedValue>(
      embed: { [embed] in embed(path.embed($0)) },
      extract: { [extract] in extract($0).flatMap(path.extract) })
  }
}

/// Reading enum cases through `Mirror`.
enum CaseReflection {
  /// The case name and payload of `value`, if it is an enum case with a payload.
  static func casePayload(of value: Any) -> (label: String, payload: Any)? {
    let mirror = Mirror(reflecting: value)
    guard mirror.displayStyle == .enum, let child = mirror.children.first,
      let label = child.label
    else { return nil }
    return (label, child.value)
  }

  /// The names of the cases nested in `value`, outermost first, at most `depth` of them.
  static func chain(of value: Any, depth: Int) -> [String] {
    var chain: [String] = []
    var current = value
    while chain.count < depth, let (label, payload) = casePayload(of: current) {
      chain.append(label)
      current = payload
    }
    return chain
  }

  /// The payload found by following the cases named in `chain` from `root`, if it is a `Value`.
  static func payload<Value>(of root: Any, along chain: [String]) -> Value? {
    var current = root
    for expected in chain {
      guard let (label, payload) = casePayload(of: current), label == expected else { return nil }
      current = payload
    }
    return current as? Value
  }
}

/// The names of the cases an embedding function builds around its value, learned from the first
/// value extracted through it.
private final class LearnedCaseChain: Sendable {
  private let storage = Mutex<[String]?>(nil)

  var chain: [String]? { storage.withLock { $0 } }

  func learn(_ chain: [String]) {
    storage.withLock { $0 = chain }
  }
}
