/// How strictly a ``TestStore`` checks the feature.
///
/// The Composable Architecture's type, with the same cases: ``on``, ``off`` and
/// ``off(showSkippedAssertions:)``.
public enum Exhaustivity: Equatable, Sendable {
  /// Every state change must be asserted, every action effects send must be received, and every
  /// effect must end before the test does. The default: nothing the feature does goes unseen.
  case on

  /// Integration style: assertions check only what they mention, received actions that are not
  /// asserted are skipped, and effects may outlive the test (they are cancelled with the store).
  ///
  /// With `showSkippedAssertions: true`, everything skipped (state changes an assertion does not
  /// describe, received actions it passes over, effects still running at the end) is reported
  /// as a known issue: listed beside the test in Swift Testing's results, without failing it.
  ///
  /// - Important: ``TestStore/state`` is the state as asserted: after an effect feeds actions
  ///   back it lags behind them until the test receives or skips them. Read
  ///   ``TestStore/stateAfterReceivedActions`` for the state after every action so far.
  case off(showSkippedAssertions: Bool)

  /// Integration style, skipping silently: ``off(showSkippedAssertions:)`` with `false`.
  public static let off = Self.off(showSkippedAssertions: false)
}

extension Exhaustivity {
  /// How an issue about something the test did not check is reported under this setting:
  /// a failure (``on``), a known issue (`.off(showSkippedAssertions: true)`), or not at all.
  enum SkippedReport {
    case failure
    case knownIssue
    case silent
  }

  var skippedReport: SkippedReport {
    switch self {
    case .on: .failure
    case .off(showSkippedAssertions: true): .knownIssue
    case .off(showSkippedAssertions: false): .silent
    }
  }
}
