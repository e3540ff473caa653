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

  @Test func sleepersWakeInDeadlineOrderAtTheirOwnTime() async throws {
    let clock = TestClock()
    let wakes = Wakes()
    let tasks = [3, 1, 2].map { seconds in
      Task {
        try await clock.sleep(for: .seconds(seconds))
        wakes.record(seconds, at: clock.now.offset)
      }
    }
    await clock.advance(by: .seconds(10))
    for task in tasks { try await task.value }
    #expect(wakes.all.map(\.0) == [1, 2, 3])
    #expect(wakes.all.map(\.1) == [.seconds(1), .seconds(2), .seconds(3)])
    #expect(clock.now.offset == .seconds(10))
  }

  @Test func aTimerThatReArmsTicksOncePerPeriod() async throws {
    let clock = TestClock()
    let wakes = Wakes()
    let timer = Task {
      for tick in 1...100 {
        try await clock.sleep(for: .milliseconds(10))
        wakes.record(tick, at: clock.now.offset)
      }
    }
    await clock.advance(by: .milliseconds(55))
    #expect(wakes.all.count == 5)
    timer.cancel()
    await #expect(throws: CancellationError.self) { try await timer.value }
  }

  @Test func cancellingASleeperThrowsAtOnce() async {
    let clock = TestClock()
    let sleeper = Task { try await clock.sleep(for: .seconds(60)) }
    await clock.advance()
    #expect(clock.sleeperCount == 1)
    sleeper.cancel()
    await #expect(throws: CancellationError.self) { try await sleeper.value }
    #expect(clock.sleeperCount == 0)
  }

  @Test func aDeadlineInThePastReturnsImmediately() async throws {
    let clock = TestClock(now: .init(offset: .seconds(5)))
    try await clock.sleep(until: .init(offset: .seconds(4)))
    #expect(clock.sleeperCount == 0)
  }

  @Test func waitForSleepersReturnsOnceTheCodeUnderTestSleeps() async throws {
    let clock = TestClock()
    let sleepers = (1...2).map { seconds in Task { try await clock.sleep(for: .seconds(seconds)) } }
    #expect(await clock.waitForSleepers(2))
    #expect(clock.pendingDeadlines == [.init(offset: .seconds(1)), .init(offset: .seconds(2))])
    await clock.advance(by: .seconds(2))
    for sleeper in sleepers { try await sleeper.value }
  }

  @Test func waitForSleepersGivesUpWithAMessage() async {
    let clock = TestClock()
    await withKnownIssue {
      await clock.waitForSleepers(1, timeout: .milliseconds(20))
    } matching: { issue in
      text(of: issue).hasPrefix(
        "TestClock.waitForSleepers(1) timed out after 0.02 seconds: 0 tasks sleep on the clock.")
    }
  }

  @Test func runAdvancesUntilNobodySleeps() async throws {
    let clock = TestClock()
    let sleeper = Task { try await clock.sleep(for: .seconds(90)) }
    await clock.run()
    try await sleeper.value
    #expect(clock.now.offset == .seconds(90))
  }

  @Test func movingBackwardsIsReported() async {
    let clock = TestClock(now: .init(offset: .seconds(2)))
    await withKnownIssue {
      await clock.advance(to: .init(offset: .seconds(1)))
    } matching: { issue in
      text(of: issue)
        == "TestClock cannot move backwards: it is at 2.0 seconds, asked for 1.0 seconds."
    }
    #expect(clock.now.offset == .seconds(2))
  }

  @Test func runStopsAtItsLimitAndSaysWhy() async {
    let clock = TestClock()
    let sleeper = Task { try await clock.sleep(for: .seconds(100)) }
    await withKnownIssue {
      await clock.run(limit: .seconds(10))
    } matching: { issue in
      text(of: issue)
        == "TestClock.run() stopped at its limit of 10.0 seconds: tasks still sleep until 100.0 seconds."
    }
    sleeper.cancel()
  }
}

@Suite struct ImmediateClockTests {
  @Test func sleepsEndAtOnceAndTimeJumpsToTheDeadline() async throws {
    let clock = ImmediateClock()
    try await clock.sleep(for: .seconds(3600))
    #expect(clock.now.offset == .seconds(3600))
    try await clock.sleep(until: .init(offset: .seconds(10)))
    #expect(clock.now.offset == .seconds(3600), "time never goes back")
  }

  @Test func aCancelledTaskStillThrows() async {
    let clock = ImmediateClock()
    let task = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      try await clock.sleep(for: .seconds(1))
    }
    await #expect(throws: CancellationError.self) { try await task.value }
  }
}
