import Testing

/// Yields to other tasks until `condition` holds, failing the test (rather than hanging) when
/// it still does not after many turns. Never sleeps: the work it waits for is already queued.
func eventually(
  _ condition: @Sendable () -> Bool,
  sourceLocation: SourceLocation = #_sourceLocation
) async {
  for _ in 0..<100_000 {
    if condition() { return }
    await Task.yield()
  }
  Issue.record(
    "Condition still false after 100 000 turns of the scheduler", sourceLocation: sourceLocation)
}
