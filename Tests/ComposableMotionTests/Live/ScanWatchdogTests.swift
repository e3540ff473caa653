import ComposableSensorsTesting
import Testing

@testable import ComposableMotion

/// The watchdog's decisions, without a reader: times are on its clock, since it began.
@Suite struct ScanWatchdogTests {
  let watchdog = ScanWatchdog(timeout: .milliseconds(250), clock: TestClock())

  @Test func noFirstScanByTheDeadlineStopsTheReadAndDropsLateScans() {
    #expect(watchdog.tick(at: .milliseconds(100)) == .sleep(.milliseconds(150)), "not yet")
    #expect(!watchdog.timedOut)
    #expect(watchdog.tick(at: .milliseconds(250)) == .stopRead)
    #expect(watchdog.timedOut)
    #expect(watchdog.scanArrived(at: .milliseconds(260)) == .drop)
  }

  @Test func aDeliveringDeviceIsStaleOneTimeoutAfterItsLastScanOnceThenResumes() {
    #expect(watchdog.scanArrived(at: .milliseconds(10)) == .deliver)
    #expect(watchdog.scanArrived(at: .milliseconds(200)) == .deliver)
    #expect(
      watchdog.tick(at: .milliseconds(250)) == .sleep(.milliseconds(200)),
      "the first deadline: it delivered, so look again when the silence would reach 250 ms")
    #expect(watchdog.tick(at: .milliseconds(449)) == .sleep(.milliseconds(1)))
    #expect(watchdog.tick(at: .milliseconds(450)) == .reportStale, "a whole timeout of silence")
    #expect(watchdog.tick(at: .milliseconds(700)) == .sleep(.milliseconds(250)), "reported once")
    #expect(watchdog.scanArrived(at: .milliseconds(800)) == .deliverResumed)
    #expect(watchdog.scanArrived(at: .milliseconds(801)) == .deliver)
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
      #expect(watchdog.scanArrived(at: now) == .deliver)
    }
    #expect((40...41).contains(ticks), "10 s at one tick per 250 ms: \(ticks)")
  }

  @Test func aClockThatGoesBackWaitsAtMostOneTimeout() {
    #expect(watchdog.scanArrived(at: .seconds(5)) == .deliver)
    #expect(watchdog.tick(at: .seconds(1)) == .sleep(.milliseconds(250)))
  }

  @Test func aTickAWholeTimeoutLateIsASleptSystemNotASilentDevice() {
    #expect(watchdog.scanArrived(at: .milliseconds(100)) == .deliver)
    // Due at 350 ms, woken at 10 s: the machine was suspended, the device with it.
    #expect(
      watchdog.tick(at: .seconds(10), due: .milliseconds(350)) == .sleep(.milliseconds(250)))
    #expect(watchdog.tick(at: .milliseconds(10_249)) == .sleep(.milliseconds(1)))
    #expect(
      watchdog.tick(at: .milliseconds(10_250)) == .reportStale,
      "still silent a whole timeout after the wake-up")
  }
}
