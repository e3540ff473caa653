import Synchronization

/// How `Reducer._printChanges(_:)` reports each action: the action and the state before and
/// after it.
///
/// ```swift
/// Store(initialState: App.State()) { App()._printChanges() }                 // standard output
/// App()._printChanges(.actionLabels)                                          // one line each
/// App()._printChanges { text in logger.debug(text) }                          // a closure
/// App()._printChanges(to: journal)                                            // a TextOutputStream
/// ```
public struct ReducerPrinter<State, Action>: Sendable {
  @usableFromInline
  let print: @Sendable (_ receivedAction: Action, _ oldState: State, _ newState: State) -> Void

  /// A printer of your own: `printChange` receives each action with the states around it.
  public init(
    printChange:
      @escaping @Sendable (
        _ receivedAction: Action, _ oldState: State, _ newState: State
      ) -> Void
  ) {
    self.print = printChange
  }

  /// Reports one action.
  @inlinable
  public func printChange(receivedAction: Action, oldState: State, newState: State) {
    print(receivedAction, oldState, newState)
  }

  /// The action and a diff of the state, in the `TestStore`'s format (`−` old line, `+` new
  /// line, long unchanged runs folded), written to standard output:
  ///
  /// ```
  /// received action:
  ///   .counter(.increment)
  ///   App.State(
  ///     counter: Counter.State(
  /// −     count: 0,
  /// +     count: 1,
  ///       echoes: []
  ///     ),
  ///   … (2 unchanged)
  /// ```
  public static var diff: Self {
    diff { text in Swift.print(text, terminator: "") }
  }

  /// ``diff``, handing each action's text (ending in a newline) to `write`.
  public static func diff(_ write: @escaping @Sendable (String) -> Void) -> Self {
    Self { action, oldState, newState in
      write(changeText(action: action, oldState: oldState, newState: newState))
    }
  }

  /// ``diff``, written to `output`. The printer keeps its own copy of `output`, so pass a stream
  /// with reference semantics (a logger, a file), not a `String`.
  public static func diff(to output: some TextOutputStream & Sendable) -> Self {
    let stream = Mutex(output)
    return diff { text in stream.withLock { $0.write(text) } }
  }

  /// Only the action's cases, one line per action, to standard output: associated values are
  /// left out, enum payloads are followed, like TCA's `actionLabels`
  /// (`received action: .row(index:, action: .textChanged(query:))`). TCA prefixes the action's
  /// type name; this printer does not.
  public static var actionLabels: Self {
    actionLabels { line in Swift.print(line) }
  }

  /// ``actionLabels``, handing each line (without a newline) to `write`.
  public static func actionLabels(_ write: @escaping @Sendable (String) -> Void) -> Self {
    Self { action, _, _ in write("received action: \(caseLabel(action))") }
  }
}

/// The cases of an enum value without its associated values: `.action1(_:, label:)`,
/// `.screenA(.row(index:, action: .tapped))`; payloads that are enums are followed. A value that
/// is not an enum gives its type name.
func caseLabel(_ value: Any) -> String {
  let mirror = Mirror(reflecting: value)
  guard mirror.displayStyle == .enum else { return String(describing: type(of: value)) }
  return enumCaseLabel(value, mirror) ?? ""
}

/// `.case` or `.case(labels)` for an enum value, or `nil` when `value` is not an enum.
private func enumCaseLabel(_ value: Any, _ mirror: Mirror) -> String? {
  guard mirror.displayStyle == .enum else { return nil }
  guard let payload = mirror.children.first, let name = payload.label else {
    return ".\(value)"  // a case without payload prints as its name
  }
  let payloadMirror = Mirror(reflecting: payload.value)
  if payloadMirror.displayStyle == .tuple {
    let fields = payloadMirror.children.map { field in
      let label = field.label.map { $0.hasPrefix(".") ? "_:" : "\($0):" } ?? "_:"
      let inner = enumCaseLabel(field.value, Mirror(reflecting: field.value))
      return inner.map { "\(label) \($0)" } ?? label
    }
    return ".\(name)(\(fields.joined(separator: ", ")))"
  }
  let inner = enumCaseLabel(payload.value, payloadMirror) ?? "_:"
  return ".\(name)(\(inner))"
}

/// One action's report: the action, then the state diff or "(No state changes)".
func changeText(action: Any, oldState: Any, newState: Any) -> String {
  var text = "received action:\n"
  for line in dumpLines(action) { text += "  " + line + "\n" }
  if let diff = lineDiff(expected: dumpLines(oldState), actual: dumpLines(newState)) {
    text += diff + "\n"
  } else {
    text += "  (No state changes)\n"
  }
  return text
}
