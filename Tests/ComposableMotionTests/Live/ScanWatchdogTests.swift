import Testing

@testable import ComposableMotion

/// The watchdog's decisions, without a reader or a clock: ticks are the clock's slices.
@Suite struct ScanWatchdogTests {
  @Test func noFirstScanByTheDeadlineStopsTheReadAndDropsLateScans() {
    let watchdog = ScanWatchdog(timeout: .milliseconds(250))
    #expect(watchdog.tick() == .stopRead)
    #expect(watchdog.timedOut)
    #expect(watchdog.scanArrived() == .drop)
  }

  @Test func aDeliveringDeviceSilentForFourSlicesIsStaleOnceThenResumes() {
    let watchdog = ScanWatchdog(timeout: .milliseconds(250))
    #expect(watchdog.scanArrived() == .deliver)
    #expect(watchdog.tick() == .none, "the first deadline: it delivered")
    #expect(watchdog.scanArrived() == .deliver)
    #expect(watchdog.tick() == .none, "a slice with a scan")
    for _ in 1..<ScanWatchdog.slicesPerTimeout { #expect(watchdog.tick() == .none) }
    #expect(watchdog.tick() == .reportStale, "four silent slices: a whole timeout")
    #expect(watchdog.tick() == .none, "reported once")
    #expect(watchdog.scanArrived() == .deliverResumed)
    #expect(watchdog.scanArrived() == .deliver)
    #expect(!watchdog.timedOut)
  }

  @Test func aScanInAnySliceStartsTheSilenceAgain() {
    let watchdog = ScanWatchdog(timeout: .seconds(1))
    #expect(watchdog.scanArrived() == .deliver)
    for _ in 0..<20 {
      #expect(watchdog.tick() == .none)
      #expect(watchdog.tick() == .none)
      #expect(watchdog.tick() == .none)
      #expect(watchdog.scanArrived() == .deliver)
    }
  }
}
