import ComposableSensorsTesting
import Testing

@testable import ComposableStore

@Suite struct ScaledClockTests {
  @Test func timePassesSpeedTimesFasterThanTheBaseClock() async {
    let base = TestClock()
    let clock = ScaledClock(base: base, speed: 10)
    #expect(clock.now.offset == .zero)
    await base.advance(by: .milliseconds(250))
    #expect(clock.now.offset == .milliseconds(2_500))
  }

  @Test func aSleepEndsAfterTheScaledDuration() async throws {
    let base = TestClock()
    let clock = ScaledClock(base: base, speed: 4)
    let sleeper = Task { try await clock.sleep(for: .seconds(8)) }
    await base.waitForSleepers(1)
    #expect(base.pendingDeadlines == [TestClock.Instant(offset: .seconds(2))])
    await base.advance(by: .seconds(2))
    try await sleeper.value
    #expect(clock.now.offset == .seconds(8))
  }

  @Test func slowerThanRealTimeStretchesSleeps() async throws {
    let base = TestClock()
    let clock = ScaledClock(base: base, speed: 0.5)
    let sleeper = Task { try await clock.sleep(for: .seconds(1)) }
    await base.waitForSleepers(1)
    #expect(base.pendingDeadlines == [TestClock.Instant(offset: .seconds(2))])
    await base.advance(by: .seconds(2))
    try await sleeper.value
  }

  @Test func aPassedDeadlineReturnsAtOnce() async throws {
    let clock = ScaledClock(base: TestClock(), speed: 3)
    try await clock.sleep(until: clock.now.advanced(by: .seconds(-1)), tolerance: nil)
  }

  @Test func cancellingASleepThrows() async {
    let base = TestClock()
    let clock = ScaledClock(base: base, speed: 2)
    let sleeper = Task { try await clock.sleep(for: .seconds(60)) }
    await base.waitForSleepers(1)
    sleeper.cancel()
    await #expect(throws: CancellationError.self) { try await sleeper.value }
  }

  @Test(arguments: [
    (1e308, 1e9), (.infinity, 1e9), (1e-300, 1e-9), (0, 1e-9), (-5, 1e-9),
    (-.infinity, 1e-9), (.nan, 1), (2.5, 2.5),
  ])
  func speedIsClampedIntoItsRange(requested: Double, expected: Double) {
    #expect(ScaledClock(base: TestClock(), speed: requested).speed == expected)
  }

  @Test func extremeSpeedsSaturateInsteadOfTrapping() async {
    let base = TestClock()
    let fast = ScaledClock(base: base, speed: 1e308)
    let slow = ScaledClock(base: base, speed: 1e-300)
    await base.advance(by: .seconds(Int64.max / 2))
    #expect(fast.now.offset == ScaledDuration.maximum)
    #expect(slow.now.offset > .zero)
    #expect(fast.minimumResolution >= .zero)
    #expect(fast.now.advanced(by: ScaledDuration.maximum).offset == ScaledDuration.maximum)
    #expect(fast.now.duration(to: ScaledClock<TestClock>.Instant(offset: .zero)) < .zero)
  }

  @Test(arguments: [
    (Duration.seconds(3), 2.0, Duration.seconds(6)),
    (.milliseconds(1_500), 0.5, .milliseconds(750)),
    (.seconds(-4), 0.25, .seconds(-1)),
    (.seconds(1), .nan, .zero),
    (.seconds(1), .infinity, ScaledDuration.maximum),
    (.seconds(-1), .infinity, .zero - ScaledDuration.maximum),
    (.seconds(Int64.max), 1e308, ScaledDuration.maximum),
  ])
  func durationsScaleExactlyOrSaturate(duration: Duration, factor: Double, expected: Duration) {
    let scaled = ScaledDuration.scale(duration, by: factor)
    #expect(abs((scaled - expected) / .seconds(1)) < 1e-9)
  }
}
