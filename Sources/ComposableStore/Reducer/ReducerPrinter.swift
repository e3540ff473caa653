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
  /// Where a ``diff`` printer writes: set, the reducer dumps the old state before it runs, so
  /// `@Shared` values (which every copy of a state reads alike) show as they were.
  let diffWrite: (@Sendable (String) -> Void)?

  /// A printer of your own: `printChange` receives each action with the states around it.
  public init(
    printChange:
      @escaping @Sendable (
        _ receivedAction: Action, _ oldState: State, _ newState: State
      ) -> Void
  ) {
    self.print = printChange
    self.diffWrite = nil
  }

  private init(diffWrite write: @escaping @Sendable (String) -> Void) {
    self.print = { action, oldState, newState in
      write(changeText(action: action, oldLines: dumpLines(oldState), newState: newState))
    }
    self.diffWrite = write
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
    Self(diffWrite: write)
  }

  /// ``diff``, written to `output`. The printer keeps its own copy of `output`, so pass a stream
  /// with reference semantics (a logger, a file), not a `String`.
  public static func diff(to output: some TextOutputStream & Sendable) -> Self {
    let stream = Mutex(output)
    return diff { text in stream.withLock { $0.write(text) } }
  }

  /// Only the action's type and cases, one line per action, to standard output, as TCA's
  /// `actionLabels` prints them: associated values are left out, enum payloads are followed
  /// (`received action: App.Action.row(index:, action: .textChanged(query:))`).
  public static var actionLabels: Self {
    actionLabels { line in Swift.print(line) }
  }

  /// ``actionLabels``, handing each line (without a newline) to `write`.
  public static func actionLabels(_ write: @escaping @Sendable (String) -> Void) -> Self {
    Self { action, _, _ in write("received action: \(debugCaseOutput(action))") }
  }
}

/// A value's type and its enum cases without their associated values, as TCA's runtime warnings
/// and `actionLabels` write them: `App.Action.action1(_:, label:)`,
/// `App.Action.screenA(.row(index:, action: .tapped))`. A value with its own debug description
/// gives that.
package func debugCaseOutput(_ value: Any) -> String {
  if let custom = value as? any CustomDebugStringConvertible { return custom.debugDescription }
  return typeName(of: value, genericArguments: false) + caseOutput(value)
}

/// The cases part of ``debugCaseOutput(_:)``: empty for a value that is neither an enum nor a
/// tuple, so a payload of plain values reads `.name`, not `.name("Blob")`.
private func caseOutput(_ value: Any) -> String {
  let mirror = Mirror(reflecting: value)
  switch mirror.displayStyle {
  case .enum:
    guard let payload = mirror.children.first else {
      let name = String(describing: value)
      return name == typeName(of: value, genericArguments: false) ? "" : ".\(name)"
    }
    let inner = caseOutput(payload.value)
    return ".\(payload.label ?? "")" + (inner.isEmpty ? "" : "(\(inner))")
  case .tuple:
    let fields = mirror.children.map { field in
      // Unlabelled tuple elements are named ".0", ".1"…
      let unlabelled = field.label.map { $0.allSatisfy { $0 == "." || $0.isNumber } } ?? true
      let inner = caseOutput(field.value)
      return (unlabelled ? "_:" : "\(field.label ?? ""):") + (inner.isEmpty ? "" : " \(inner)")
    }
    return fields.joined(separator: ", ")
  default:
    return ""
  }
}

/// One action's report: the action, then the diff from the old state's dump `oldLines` to
/// `newState`, or "(No state changes)".
func changeText(action: Any, oldLines: [String], newState: Any) -> String {
  var text = "received action:\n"
  for line in dumpLines(action) { text += "  " + line + "\n" }
  if let diff = lineDiff(expected: oldLines, actual: dumpLines(newState)) {
    text += diff + "\n"
  } else {
    text += "  (No state changes)\n"
  }
  return text
}

/// TCA's name for ``ReducerPrinter``, so that a ported printer compiles.
public typealias _ReducerPrinter = ReducerPrinter
