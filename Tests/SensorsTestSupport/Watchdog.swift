import Testing

/// Runs `onTimeout` after `timeout` of real time unless the returned task is cancelled first,
/// recording an issue that says so.
///
/// A safety net, not a timing check: `onTimeout` ends what the test waits on (destroying a
/// location manager finishes its stream), so a promise the code under test breaks fails the test
/// with a message instead of hanging the run. Cancel the returned task when the test is done.
public func watchdog(
  timeout: Duration = .seconds(60),
  sourceLocation: SourceLocation = #_sourceLocation,
  _ onTimeout: @escaping @Sendable () async -> Void
) -> Task<Void, Never> {
  Task {
    do { try await ContinuousClock().sleep(for: timeout) } catch { return }
    Issue.record(
      "Watchdog: no outcome after \(timeout); ending what the test waits on",
      sourceLocation: sourceLocation)
    await onTimeout()
  }
}
