import ComposableLocation
import SensorsTestSupport
import Testing

/// Polls `condition` until it holds, giving up after `timeout` of real time with an issue that
/// names `what`: a safety net so a broken promise fails the test instead of hanging it, not a
/// timing check (the condition normally holds within milliseconds).
@discardableResult
func waitUntil(
  _ what: String, timeout: Duration = .seconds(10),
  sourceLocation: SourceLocation = #_sourceLocation, _ condition: () async -> Bool
) async -> Bool {
  let clock = ContinuousClock()
  let deadline = clock.now.advanced(by: timeout)
  while clock.now < deadline {
    if await condition() { return true }
    await Task.yield()
    try? await clock.sleep(for: .milliseconds(1))
  }
  if await condition() { return true }
  Issue.record("Timed out after \(timeout) waiting until \(what)", sourceLocation: sourceLocation)
  return false
}

/// Destroys manager `id` after `timeout` of real time unless cancelled first, recording an issue:
/// SensorsTestSupport's `watchdog`, for a location manager. Destroying finishes the manager's
/// stream, so a test waiting on it for an event that never comes fails instead of hanging.
/// Cancel the returned task when the test is done.
func watchdog(
  _ client: LocationClient, id: some Hashable & Sendable, timeout: Duration = .seconds(60),
  sourceLocation: SourceLocation = #_sourceLocation
) -> Task<Void, Never> {
  watchdog(timeout: timeout, sourceLocation: sourceLocation) { await client.destroy(id: id) }
}
