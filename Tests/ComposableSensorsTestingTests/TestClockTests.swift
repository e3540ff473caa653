import ComposableSensorsTesting
import Testing

@Suite struct TestClockTests {
  @Test func sleepResumesExactlyWhenTimePassesItsDeadline() async throws {
    let clock = TestClock()
    let woke = Flag()
    let sleeper = Task {
      try await clock.sleep(for: .seconds(1))
      woke.set(clock.now.offset)
    }
    await clock.advance(by: .milliseconds(999))
    #expect(woke.value == nil)
    #expect(clock.sleeperCount == 1)
    await clock.advance(by: .milliseconds(1))
    try await sleeper.value
    #expect(woke.value == .seconds(1))
  }
}
