/// Which value of a ``SharedReference`` a read sees.
package enum SharedView: Sendable, Equatable {
  /// The value now: what the feature sees.
  case current
  /// The value as of a version of the test store's ``SharedChangeTracker``: what the feature
  /// held when the test store recorded the state of one step.
  case asOf(UInt64)
  /// The value a test store's assertion closure describes: the closure's own writes, else (when
  /// `exhaustive`) the value the test last asserted, else the value as of `version`.
  case expected(exhaustive: Bool, asOf: UInt64)
  /// The value the test last asserted.
  case before
}

/// How a `TestStore` reads `@Shared` values while it asserts: a task-local context set around
/// the assertion closure, the comparison and the dumps of a failure message.
package enum SharedAssertion {
  /// The context of an assertion closure, or of dumping one side of a comparison.
  package struct Context: Sendable {
    /// What reads see.
    package var view: SharedView
    /// Where writes are recorded, so the store can clear them.
    package var tracker: SharedChangeTracker

    /// A context reading `view`, recording writes in `tracker`.
    package init(view: SharedView, tracker: SharedChangeTracker) {
      self.view = view
      self.tracker = tracker
    }
  }

  /// The views the two sides of a test store's `expected == actual` read.
  package struct Comparison: Sendable {
    package var lhs: SharedView
    package var rhs: SharedView

    /// Compares `lhs`'s view of the left operand with `rhs`'s of the right.
    package init(lhs: SharedView, rhs: SharedView) {
      self.lhs = lhs
      self.rhs = rhs
    }
  }

  /// Set while a test store's assertion closure runs, or while it dumps a state: reads see
  /// `view`, and writes set the expectation rather than the feature's value.
  @TaskLocal package static var context: Context?

  /// Set while a test store compares two states: each side of `==` reads its own view.
  @TaskLocal package static var comparison: Comparison?
}
