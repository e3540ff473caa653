import SensorsCore
import SensorsTestKit
import Synchronization
import Testing

/// The watchdog's decisions, without a source: times are on its clock, since it began.
@Suite struct SilenceWatchdogTests {
  let watchdog = SilenceWatchdog(
    timeout: .milliseconds(250), clock: TestClock(), start: .deadline)

  @Test func noFirstScanByTheDeadlineStopsTheReadAndDropsLateScans() {
    #expect(watchdog.tick(at: .milliseconds(100)) == .sleep(.milliseconds(150)), "not yet")
    #expect(!watchdog.timedOut)
    #expect(watchdog.tick(at: .milliseconds(250)) == .stop)
    #expect(watchdog.timedOut)
    #expect(watchdog.arrived(at: .milliseconds(260)) == .drop)
  }

  @Test func aDeliveringDeviceIsStaleOneTimeoutAfterItsLastScanOnceThenResumes() {
    #expect(watchdog.arrived(at: .milliseconds(10)) == .deliver)
    #expect(watchdog.arrived(at: .milliseconds(200)) == .deliver)
    #expect(
      watchdog.tick(at: .milliseconds(250)) == .sleep(.milliseconds(200)),
      "the first deadline: it delivered, so look again when the silence would reach 250 ms")
    #expect(watchdog.tick(at: .milliseconds(449)) == .sleep(.milliseconds(1)))
    #expect(watchdog.tick(at: .milliseconds(450)) == .reportStale, "a whole timeout of silence")
    #expect(watchdog.tick(at: .milliseconds(700)) == .sleep(.milliseconds(250)), "reported once")
    #expect(watchdog.arrived(at: .milliseconds(800)) == .deliverResumed)
    #expect(watchdog.arrived(at: .milliseconds(801)) == .deliver)
    #expect(!watchdog.timedOut)
  }

  @Test func aSteadyDeviceCostsOneTickPerTimeout() {
    // Scans every 10 ms for 10 s: the clock wakes the watchdog once per timeout, not per slice.
    var ticks = 0
    var nextTick = Duration.milliseconds(250)
    for millisecond in stride(from: 0, through: 10_000, by: 10) {
      let now = Duration.milliseconds(millisecond)
      while nextTick <= now {
        ticks += 1
        guard case .sleep(let wait) = watchdog.tick(at: nextTick) else {
          Issue.record("a steady device is never stale")
          return
        }
        nextTick += wait
      }
      #expect(watchdog.arrived(at: now) == .deliver)
    }
    #expect((40...41).contains(ticks), "10 s at one tick per 250 ms: \(ticks)")
  }

  @Test func aClockThatGoesBackWaitsAtMostOneTimeout() {
    #expect(watchdog.arrived(at: .seconds(5)) == .deliver)
    #expect(watchdog.tick(at: .seconds(1)) == .sleep(.milliseconds(250)))
  }

  @Test func aTickAWholeTimeoutLateIsASleptSystemNotASilentDevice() {
    #expect(watchdog.arrived(at: .milliseconds(100)) == .deliver)
    // Due at 350 ms, woken at 10 s: the machine was suspended, the device with it.
    #expect(
      watchdog.tick(at: .seconds(10), due: .milliseconds(350)) == .sleep(.milliseconds(250)))
    #expect(watchdog.tick(at: .milliseconds(10_249)) == .sleep(.milliseconds(1)))
    #expect(
      watchdog.tick(at: .milliseconds(10_250)) == .reportStale,
      "still silent a whole timeout after the wake-up")
  }

  @Test func silenceCountedFromTheStartMakesAQuietSourceStaleWithoutStoppingIt() {
    let watchdog = SilenceWatchdog(timeout: .seconds(2), clock: TestClock(), start: .silence)
    #expect(watchdog.tick(at: .seconds(1)) == .sleep(.seconds(1)))
    #expect(watchdog.tick(at: .seconds(2)) == .reportStale, "never delivered: stale, not stopped")
    #expect(!watchdog.timedOut)
    #expect(watchdog.arrived(at: .seconds(3)) == .deliverResumed)
  }

  @Test func armedOnItsClockItStopsASourceThatNeverDelivers() async {
    let clock = TestClock()
    let watchdog = SilenceWatchdog(timeout: .milliseconds(250), clock: clock, start: .deadline)
    let (events, continuation) = AsyncStream.makeStream(of: String.self)
    let task = watchdog.arm(
      stop: { continuation.yield("stop") }, stale: { continuation.yield("stale") })
    var iterator = events.makeAsyncIterator()
    await clock.waitForSleepers()
    await clock.advance(by: .milliseconds(249))
    #expect(!watchdog.timedOut)
    await clock.advance(by: .milliseconds(1))
    #expect(await iterator.next() == "stop")
    await task.value
    #expect(watchdog.timedOut)
    #expect(watchdog.arrived() == .drop, "a scan after the deadline")
  }

  @Test func armedOnItsClockItReportsStaleOneTimeoutAfterTheLastDelivery() async {
    let clock = TestClock()
    let watchdog = SilenceWatchdog(timeout: .seconds(1), clock: clock, start: .silence)
    let (events, continuation) = AsyncStream.makeStream(of: String.self)
    let task = watchdog.arm(
      stop: { continuation.yield("stop") }, stale: { continuation.yield("stale") })
    var iterator = events.makeAsyncIterator()
    await clock.waitForSleepers()
    await clock.advance(by: .milliseconds(600))
    #expect(watchdog.arrived() == .deliver)
    // The first tick, at 1 s, finds 400 ms of silence and sleeps until it would be a second.
    await clock.advance(by: .milliseconds(400))
    await clock.waitForSleepers()
    #expect(clock.pendingDeadlines == [TestClock.Instant(offset: .milliseconds(1600))])
    await clock.advance(by: .milliseconds(600))
    #expect(await iterator.next() == "stale")
    #expect(watchdog.arrived() == .deliverResumed)
    task.cancel()
    await task.value
    continuation.finish()
    #expect(await iterator.next() == nil, "stale once, never stopped")
  }
}
