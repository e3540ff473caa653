import Testing

/// Yields to other tasks until `condition` holds, failing the test (rather than hanging) when
/// it still does not after `timeout` of real time.
///
/// It never sleeps: work queued on the concurrency pool runs within a few turns. Some waits
/// are on another thread (a buffered reader's), which a loaded machine may not schedule for a
/// while, so the bound is wall-clock time, a safety net, not a count of turns.
func eventually(
  timeout: Duration = .seconds(10),
  _ condition: () -> Bool,
  sourceLocation: SourceLocation = #_sourceLocation
) async {
  let clock = ContinuousClock()
  let deadline = clock.now.advanced(by: timeout)
  while clock.now < deadline {
    if condition() { return }
    await Task.yield()
  }
  if condition() { return }
  Issue.record("Condition still false after \(timeout)", sourceLocation: sourceLocation)
}
