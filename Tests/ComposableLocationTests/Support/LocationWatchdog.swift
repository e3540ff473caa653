import ComposableLocation
import SensorsTestSupport
import Testing

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
