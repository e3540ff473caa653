import Testing

/// Waits until `condition` holds, giving up after `timeout` of real time with an issue that
/// names `what`; returns whether it held.
///
/// For conditions that another thread or process makes true (a reader thread enabling a buffer,
/// a cancel returning, a file appearing), which announce it by no event the test can await. The
/// bound is a safety net, so a broken promise fails the test instead of hanging it, not a timing
/// check: the condition normally holds within milliseconds. Between checks it yields, then
/// sleeps a millisecond, so a thread the machine must schedule gets the core. A condition that
/// throws counts as not holding yet (a file not written yet); the issue quotes its last error.
@discardableResult
public func waitUntil(
  _ what: String, timeout: Duration = .seconds(10),
  sourceLocation: SourceLocation = #_sourceLocation,
  _ condition: () async throws -> Bool
) async -> Bool {
  let clock = ContinuousClock()
  let deadline = clock.now.advanced(by: timeout)
  var lastError: (any Error)?
  func holds() async -> Bool {
    do {
      return try await condition()
    } catch {
      lastError = error
      return false
    }
  }
  while clock.now < deadline {
    if await holds() { return true }
    await Task.yield()
    try? await clock.sleep(for: .milliseconds(1))
  }
  if await holds() { return true }
  let cause = lastError.map { " (last error: \($0))" } ?? ""
  Issue.record(
    "Timed out after \(timeout) waiting until \(what)\(cause)", sourceLocation: sourceLocation)
  return false
}
