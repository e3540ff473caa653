extension Reducer {
  /// This reducer, reporting every action and how it changed the state with `printer`: the
  /// first debugging tool for a headless device. By default, a diff to standard output:
  ///
  /// ```swift
  /// let store = Store(initialState: App.State()) { App()._printChanges() }
  /// ```
  ///
  /// Unlike The Composable Architecture, which prints only in debug builds and on a background
  /// queue, this prints in every build (a robot's release build is the one being debugged),
  /// synchronously inside the reducer, so the output is in action order and complete when
  /// `send` returns; it slows the reducer by the cost of dumping the state twice per action.
  /// The name keeps TCA's underscore: it is a debugging aid, not something to ship enabled.
  @inlinable
  public func _printChanges(
    _ printer: ReducerPrinter<State, Action>? = .diff
  ) -> PrintChangesReducer<Self> {
    PrintChangesReducer(base: self, printer: printer)
  }

  /// This reducer, handing each action's report (the ``ReducerPrinter/diff`` text, ending in a
  /// newline) to `write`: `._printChanges { logger.debug($0) }`.
  @inlinable
  public func _printChanges(
    _ write: @escaping @Sendable (String) -> Void
  ) -> PrintChangesReducer<Self> {
    PrintChangesReducer(base: self, printer: .diff(write))
  }

  /// This reducer, writing each action's report to `output`, which the reducer keeps its own copy
  /// of: pass a stream with reference semantics (a logger, a file).
  @inlinable
  public func _printChanges(
    to output: some TextOutputStream & Sendable
  ) -> PrintChangesReducer<Self> {
    PrintChangesReducer(base: self, printer: .diff(to: output))
  }
}

/// The reducer `Reducer._printChanges(_:)` builds (underscored, so not in the docs): a base
/// reducer whose actions and state changes are reported.
public struct PrintChangesReducer<Base: Reducer>: Reducer {
  @usableFromInline let base: Base
  @usableFromInline let printer: ReducerPrinter<Base.State, Base.Action>?

  @inlinable
  init(base: Base, printer: ReducerPrinter<Base.State, Base.Action>?) {
    self.base = base
    self.printer = printer
  }

  /// Runs the base reducer and reports the action with the states before and after it.
  public func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    guard let printer else { return base.reduce(into: &state, action: action) }
    if let write = printer.diffWrite {
      let oldLines = dumpLines(state)
      let effect = base.reduce(into: &state, action: action)
      write(changeText(action: action, oldLines: oldLines, newState: state))
      return effect
    }
    let oldState = state
    let effect = base.reduce(into: &state, action: action)
    printer.printChange(receivedAction: action, oldState: oldState, newState: state)
    return effect
  }
}
