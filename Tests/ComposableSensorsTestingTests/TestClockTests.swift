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

  /// swift-clocks' semantics for ties: sleepers due at the same instant wake one at a time, in
  /// the order their sleeps began, and each runs until it waits again before the next wakes.
  @Test func sleepersWithTheSameDeadlineWakeOneAtATimeInTheOrderTheyBegan() async {
    for _ in 1...20 {
      let clock = TestClock()
      let wakes = Wakes()
      await withSerialExecutor {
        await withTaskGroup(of: Void.self) { group in
          for id in 0..<5 {
            group.addTask {
              try? await clock.sleep(for: .seconds(1))
              wakes.record(id, at: clock.now.offset)
              await Task.yield()
              wakes.record(id + 100, at: clock.now.offset)
            }
          }
          await clock.waitForSleepers(5)
          await clock.advance(by: .seconds(1))
          #expect(wakes.all.map(\.0) == [0, 100, 1, 101, 2, 102, 3, 103, 4, 104])
        }
      }
    }
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

  @Test func waitForSleepersAtMostReturnsOnceSleepersAreCancelledOrWoken() async {
    let clock = TestClock()
    let short = Task { try await clock.sleep(for: .seconds(1)) }
    let long = Task { try await clock.sleep(for: .seconds(60)) }
    #expect(await clock.waitForSleepers(2))
    let waiter = Task { await clock.waitForSleepers(atMost: 0) }
    // Whether the waiter starts before or after the cancel and the wake below, it must return
    // true once no task sleeps: no yielding loop tries to steer which.
    long.cancel()
    await clock.advance(by: .seconds(1))
    #expect(await waiter.value)
    #expect(clock.sleeperCount == 0)
    #expect((try? await short.value) != nil, "woken by the advance")
    #expect((try? await long.value) == nil, "cancelled")
  }

  @Test func waitForSleepersAtMostGivesUpWithAMessage() async throws {
    let clock = TestClock()
    let sleeper = Task { try await clock.sleep(for: .seconds(1)) }
    #expect(await clock.waitForSleepers(1))
    await withKnownIssue {
      await clock.waitForSleepers(atMost: 0, timeout: .milliseconds(20))
    } matching: { issue in
      text(of: issue).hasPrefix(
        "TestClock.waitForSleepers(atMost: 0) timed out after 0.02 seconds: 1 task sleeps on the clock."
      )
    }
    await clock.advance(by: .seconds(1))
    try await sleeper.value
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

  @Test func aSleepUntilNowWaitsForTheNextAdvance() async throws {
    let clock = TestClock(now: .init(offset: .seconds(5)))
    let woke = Flag()
    let sleeper = Task {
      try await clock.sleep(for: .zero)
      woke.set(clock.now.offset)
    }
    #expect(await clock.waitForSleepers(1))
    #expect(woke.value == nil, "a deadline equal to now is not passed yet")
    await clock.advance()
    try await sleeper.value
    #expect(woke.value == .seconds(5))
  }

  @Test func workAWokenTaskSchedulesEarlierRunsBeforeLaterDeadlines() async throws {
    let clock = TestClock()
    let wakes = Wakes()
    // A wakes at 1 s and schedules a sleep until 1.5 s; B sleeps until 2 s. One advance to 3 s
    // must wake A, then A again at 1.5 s, then B: as three small steps would.
    let a = Task {
      try await clock.sleep(for: .seconds(1))
      wakes.record(1, at: clock.now.offset)
      try await clock.sleep(for: .milliseconds(500))
      wakes.record(2, at: clock.now.offset)
    }
    let b = Task {
      try await clock.sleep(for: .seconds(2))
      wakes.record(3, at: clock.now.offset)
    }
    #expect(await clock.waitForSleepers(2))
    await clock.advance(by: .seconds(3))
    try await a.value
    try await b.value
    #expect(wakes.all.map(\.0) == [1, 2, 3])
    #expect(wakes.all.map(\.1) == [.seconds(1), .milliseconds(1500), .seconds(2)])
  }

  @Test func checkSuspensionThrowsWhileSomethingSleeps() async throws {
    let clock = TestClock()
    let sleeper = Task { try await clock.sleep(for: .seconds(1)) }
    await #expect(throws: TestClock.SuspensionError.self) { try await clock.checkSuspension() }
    await clock.advance(by: .seconds(1))
    try await sleeper.value
    try await clock.checkSuspension()
  }

  @Test func suspensionErrorSaysUntilWhen() async throws {
    let clock = TestClock()
    let sleeper = Task { try await clock.sleep(for: .seconds(1)) }
    #expect(await clock.waitForSleepers(1))
    let error = await #expect(throws: TestClock.SuspensionError.self) {
      try await clock.checkSuspension()
    }
    #expect(error?.description == "1 sleep(s) still pending on the TestClock, until: 1.0 seconds")
    sleeper.cancel()
  }
}

/// swift-clocks' `TestClockTests`, ported: the behaviours TCA users rely on.
@Suite struct SwiftClocksTestClockTests {
  let clock = TestClock()

  @Test func advance() async throws {
    let isFinished = Flag()
    let task = Task {
      try await clock.sleep(until: clock.now.advanced(by: .seconds(1)))
      isFinished.set(.zero)
    }
    #expect(isFinished.value == nil)
    await clock.advance(by: .seconds(1))
    try await task.value
    #expect(isFinished.value != nil)
    try await clock.checkSuspension()
  }

  @Test func advanceWithReentrantUnitsOfWork() async throws {
    let task = Task {
      var count = 0
      for _ in 1...5 {
        try await clock.sleep(until: clock.now.advanced(by: .seconds(1)))
        count += 1
      }
      return count
    }
    await clock.advance(by: .seconds(5))
    #expect(try await task.value == 5)
    try await clock.checkSuspension()
  }

  @Test func run() async throws {
    let task = Task { try await clock.sleep(until: clock.now.advanced(by: .seconds(1))) }
    await clock.run()
    try await task.value
    try await clock.checkSuspension()
  }

  @Test func runMultipleUnitsOfWork() async throws {
    let task = Task {
      var ticks = 0
      for _ in 1...10 {
        try await clock.sleep(for: .seconds(1))
        ticks += 1
      }
      return ticks
    }
    await clock.run()
    #expect(try await task.value == 10)
    #expect(clock.now.offset == .seconds(10))
  }

  @Test func checkScheduledWork() async throws {
    let task = Task { try await clock.sleep(for: .seconds(1)) }
    await #expect(throws: TestClock.SuspensionError.self) { try await clock.checkSuspension() }
    await clock.advance(by: .seconds(1))
    try await task.value
    try await clock.checkSuspension()
  }

  @Test func cooperativeCancellation() async throws {
    let didFinish = Flag()
    let task = Task {
      try await clock.sleep(for: .seconds(1))
      didFinish.set(.zero)
    }
    task.cancel()
    await clock.run()
    await #expect(throws: CancellationError.self) { try await task.value }
    #expect(didFinish.value == nil)
  }

  @Test func cancellationRemovesScheduledItem() async throws {
    let task = Task { try await clock.sleep(for: .seconds(1)) }
    #expect(await clock.waitForSleepers(1))
    task.cancel()
    await #expect(throws: CancellationError.self) { try await task.value }
    try await clock.checkSuspension()
  }

  @Test func now() async throws {
    let task = Task { try await clock.sleep(for: .seconds(5)) }
    let start = clock.now
    await clock.advance(by: .seconds(5))
    #expect(clock.now == start.advanced(by: .seconds(5)))
    try await task.value
  }

  @Test func runSorting() async throws {
    // swift-clocks staggers the two sleeps with a real Task.sleep; waiting for both sleepers
    // gives the same script without wall-clock time.
    let values = Task {
      try await withThrowingTaskGroup(of: Int.self, returning: [Int].self) { group in
        group.addTask {
          try await clock.sleep(for: .seconds(2))
          return 2
        }
        group.addTask {
          try await clock.sleep(for: .seconds(1))
          return 1
        }
        return try await group.reduce(into: []) { $0.append($1) }
      }
    }
    #expect(await clock.waitForSleepers(2))
    await clock.run()
    #expect(try await values.value == [1, 2])
  }

  @Test func sleepUntilExactlyNow() async throws {
    let advancer = Task {
      #expect(await clock.waitForSleepers(1))
      await clock.advance()
    }
    try await clock.sleep(until: clock.now)
    await advancer.value
    try await clock.checkSuspension()
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

  @Test func sleepersWithTheSameDeadlineResumeInTheOrderTheyBegan() async {
    for _ in 1...20 {
      let clock = ImmediateClock()
      let wakes = Wakes()
      await withSerialExecutor {
        await withTaskGroup(of: Void.self) { group in
          for id in 0..<5 {
            group.addTask {
              try? await clock.sleep(until: .init(offset: .seconds(1)))
              wakes.record(id, at: clock.now.offset)
            }
          }
        }
      }
      #expect(wakes.all.map(\.0) == [0, 1, 2, 3, 4])
    }
  }

  @Test func aCancelledTaskStillThrows() async {
    let clock = ImmediateClock()
    let task = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      try await clock.sleep(for: .seconds(1))
    }
    await #expect(throws: CancellationError.self) { try await task.value }
  }

  @Test func aTimerOfTenTicksEndsTenSecondsLater() async throws {
    let clock = ImmediateClock()
    let ticks = Task {
      var ticks = 0
      while ticks < 10 {
        try await clock.sleep(for: .seconds(1))
        ticks += 1
      }
      return ticks
    }
    #expect(try await ticks.value == 10)
    #expect(clock.now == ImmediateClock.Instant().advanced(by: .seconds(10)))
  }
}
