/// Paces a replay on one timeline: every wait is for an offset from the instant the replay
/// opened, never "this long from now". A relative sleep started late (after a test advanced
/// the clock in one big step) would push every later fix past the advance; an absolute
/// deadline that has already passed is met at once, so a replay delivers the same inputs
/// however the clock moves.
struct ReplayPacer: Sendable {
  /// Waits until `offset` after the origin. Returns at once when that instant has passed; one
  /// that is exactly now waits for the clock, like any sleep until "now" on a `TestClock`.
  let wait: @Sendable (_ offset: Duration) async throws -> Void

  /// Starts the timeline at `clock.now`.
  init(clock: any Clock<Duration>) {
    self.wait = clock.replayWait()
  }
}

extension Clock where Duration == Swift.Duration {
  /// Opens an `any Clock<Duration>` to keep its origin as a concrete `Instant`.
  fileprivate func replayWait() -> @Sendable (Duration) async throws -> Void {
    let origin = now
    return { offset in
      let due = origin.advanced(by: offset)
      if !(due < self.now) { try await self.sleep(until: due, tolerance: nil) }
    }
  }
}
