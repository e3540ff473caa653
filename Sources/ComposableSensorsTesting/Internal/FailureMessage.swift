import ComposableStore

/// The text of every failure the `TestStore` reports. Tests pin these; they are the testing
/// library's user interface, so each says what happened and what to do.
enum FailureMessage {
  /// `expected` and `actual` are the two states' dumps (`dumpLines`), each made with the
  /// `@Shared` values its side shows.
  static func stateMismatch(
    _ step: String, expected: [String], actual: [String]
  ) -> String {
    let diff =
      lineDiff(expected: expected, actual: actual)
      ?? "  (the states differ but dump alike: check a custom == or a reference type)"
    return """
      A state change does not match expectation after \(step):

      \(diff.indented(by: 2))

      (Expected: −, Actual: +)
      """
  }

  static func unexpectedStateChange(
    _ step: String, expected: [String], actual: [String]
  ) -> String {
    let diff = lineDiff(expected: expected, actual: actual) ?? ""
    return """
      State was not expected to change after \(step), but it did:

      \(diff.indented(by: 2))

      (Expected: −, Actual: +)
      Describe the change in a trailing closure: { $0.field = newValue }.
      """
  }

  /// `@Shared` state an effect changed after the test's last step; TCA's text.
  static func unassertedSharedChange(expected: [String], actual: [String]) -> String {
    let diff = lineDiff(expected: expected, actual: actual) ?? ""
    return """
      Test store finished before asserting against changes to shared state:

      \(diff.indented(by: 2))

      (Expected: −, Actual: +)

      Invoke "TestStore.assert" at the end of this test to assert against changes to shared state.
      """
  }

  static func receivedWrongAction(expected: Any, received: Any) -> String {
    let diff =
      lineDiff(expected: dumpLines(expected), actual: dumpLines(received))
      ?? "  \(dumpInline(received))"
    return """
      Received an action other than the one expected:

      \(diff.indented(by: 2))

      (Expected: −, Received: +)
      """
  }

  static func receiveTimedOut(expected: Any, timeout: Duration, inFlight: [Any]) -> String {
    var text = """
      Expected to receive \(dumpInline(expected)), but received no action within \(timeout).
      """
    if inFlight.isEmpty {
      text += "\n\nNo effect is running, so none will arrive: check the action the effect sends."
    } else {
      text += """
        \n
        Effects still running were started by:
        \(inFlight.map { "  " + dumpInline($0) }.joined(separator: "\n"))

        If an effect waits on a TestClock, advance the clock; if it is slow, raise the timeout.
        """
    }
    return text
  }

  /// TCA's headlines, when no effect is running to send anything; `byCase` for a receive by
  /// case path.
  static func receivedNothing(expected: Any, byCase: Bool) -> String {
    let headline =
      byCase
      ? "Expected to receive an action matching case path, but didn't get one."
      : "Expected to receive the following action, but didn't:\n  \(dumpInline(expected))"
    return """
      \(headline)

      No effect is running, so none will arrive: check the action the effect sends.
      """
  }

  static func receivedNoMatch(expected: Any, skipped: [Any]) -> String {
    """
    Expected to receive \(dumpInline(expected)), but none of the received actions matches:
    \(skipped.map { "  " + dumpInline($0) }.joined(separator: "\n"))
    """
  }

  static func unhandledBeforeSend(_ actions: [Any], sending: Any) -> String {
    """
    Must handle \(actions.count) received \(actions.count == 1 ? "action" : "actions") before \
    sending \(dumpInline(sending)):
    \(actions.map { "  " + dumpInline($0) }.joined(separator: "\n"))

    Assert each with "await store.receive(…)", or skip them with \
    "await store.skipReceivedActions()".
    """
  }

  static func unhandledAtEnd(_ actions: [Any]) -> String {
    """
    The store received \(actions.count) unexpected \(actions.count == 1 ? "action" : "actions") \
    that the test did not assert:
    \(actions.map { "  " + dumpInline($0) }.joined(separator: "\n"))

    Assert each with "await store.receive(…)", or skip them with \
    "await store.skipReceivedActions()".
    """
  }

  static func effectsStillRunning(_ origins: [Any]) -> String {
    """
    \(origins.count == 1 ? "An effect is" : "\(origins.count) effects are") still running at the \
    end of the test, started by:
    \(origins.map { "  " + dumpInline($0) }.joined(separator: "\n"))

    Every effect must end before the test does: finish the stream or cancel the effect (send the \
    action that cancels it, or "await store.skipInFlightEffects()"), or advance the TestClock it \
    sleeps on.
    """
  }

  static func taskStillRunning(timeout: Duration) -> String {
    """
    An effect of this action is still running after \(timeout).

    Finish the stream it reads, advance the TestClock it sleeps on, or raise the timeout.
    """
  }

  static func nothingToSkip(_ what: String) -> String {
    "There were no \(what) to skip."
  }

  /// TCA's text, so a TCA user recognises it.
  static func noStateChange(_ step: String) -> String {
    """
    Expected state to change after \(step), but no change occurred.

    The trailing closure made no observable modifications to state. If no change to state is \
    expected, omit the trailing closure.
    """
  }

  static func assertionThrew(_ step: String, error: any Error) -> String {
    "The assertion closure threw after \(step): \(error)"
  }

  /// What a known issue about a skipped assertion says: TCA's heading, then what was skipped.
  static func skipped(_ what: String) -> String {
    """
    Skipped assertions.

    \(what)
    """
  }

  static func skippedReceived(_ actions: [Any]) -> String {
    """
    \(actions.count) received \(actions.count == 1 ? "action was" : "actions were") skipped:
    \(actions.map { "  " + dumpInline($0) }.joined(separator: "\n"))
    """
  }

  static func skippedEffects(_ origins: [Any]) -> String {
    """
    \(origins.count == 1 ? "1 in-flight effect was" : "\(origins.count) in-flight effects were") \
    skipped (still running, no longer tracked), started by:
    \(origins.map { "  " + dumpInline($0) }.joined(separator: "\n"))
    """
  }
}

extension String {
  func indented(by spaces: Int) -> String {
    let pad = String(repeating: " ", count: spaces)
    return split(separator: "\n", omittingEmptySubsequences: false)
      .map { $0.isEmpty ? "" : pad + $0 }
      .joined(separator: "\n")
  }
}
