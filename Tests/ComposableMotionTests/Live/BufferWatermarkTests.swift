import LinuxIIO
import Testing

@testable import ComposableMotion

@Suite("The watermark a live buffered read asks of the kernel")
struct BufferWatermarkTests {
  @Test("A device sampling at the requested rate wakes the reader for every scan")
  func matchingRate() {
    #expect(LiveIIOSensors.watermark(rate: 104, interval: .milliseconds(10), length: 512) == 1)
  }

  @Test("A device faster than the subscriber batches one interval's scans per wake-up")
  func fasterDevice() {
    #expect(LiveIIOSensors.watermark(rate: 1000, interval: .milliseconds(5), length: 512) == 5)
  }

  @Test("A batch never covers more than 10 ms, however slow the subscriber")
  func slowSubscriber() {
    #expect(LiveIIOSensors.watermark(rate: 1000, interval: .seconds(1), length: 512) == 10)
  }

  @Test("A batch never fills more than half the kernel buffer")
  func shortBuffer() {
    #expect(LiveIIOSensors.watermark(rate: 1000, interval: .milliseconds(10), length: 8) == 4)
  }

  @Test("Without a known rate or buffer length the device's own watermark is kept")
  func unknown() {
    #expect(LiveIIOSensors.watermark(rate: nil, interval: .milliseconds(10), length: 512) == nil)
    #expect(LiveIIOSensors.watermark(rate: 1000, interval: .milliseconds(10), length: nil) == nil)
  }

  @Test("Between outputs a reader pauses at most 10 ms, less when half the buffer fills sooner")
  func longestPause() {
    #expect(LiveIIOSensors.longestPause(rate: 1000, length: 512) == 0.010)
    #expect(LiveIIOSensors.longestPause(rate: 1000, length: 8) == 0.004)
  }

  @Test("A reader that knows neither rate nor buffer length never pauses")
  func noPauseWhenUnknown() {
    #expect(LiveIIOSensors.longestPause(rate: nil, length: 512) == 0)
    #expect(LiveIIOSensors.longestPause(rate: 1000, length: nil) == 0)
  }
}

@Suite("When a buffered reader reads again between device-motion outputs")
struct ReaderPauseTests {
  /// The pause a verdict asks for, in microseconds; nil for any other verdict.
  func pause(_ verdict: IIOBatchVerdict) -> Double? {
    guard case .pause(let duration) = verdict else { return nil }
    let parts = duration.components
    return Double(parts.seconds) * 1e6 + Double(parts.attoseconds) / 1e12
  }

  @Test("It sleeps until half a scan before the one the next output needs, then waits for it")
  func sleepsToTheExpectedScan() throws {
    // 1 kHz scans, the last at 10.000 s, read 100 µs later; the next output counts from
    // 10.0075 s, so the scan at 10.008 s is the one: wake half a scan interval before it.
    let verdict = BufferedScanForwarder.verdict(
      needed: 10.0075, last: 10.000, now: 10.0001, scanInterval: 0.001, longestPause: 0.010)
    let microseconds = try #require(pause(verdict))
    let expected = (10.0075 - 10.0001) * 1e6
    #expect(abs(microseconds - expected) < 1, "\(verdict)")
  }

  @Test("Without a known scan interval it wakes at the needed time itself")
  func unknownInterval() throws {
    let verdict = BufferedScanForwarder.verdict(
      needed: 10.0075, last: 10.000, now: 10.000, scanInterval: nil, longestPause: 0.010)
    let expected = 0.0075 * 1e6
    #expect(abs(try #require(pause(verdict)) - expected) < 1)
  }

  @Test("It never sleeps longer than the buffer allows")
  func boundedByTheBuffer() throws {
    let verdict = BufferedScanForwarder.verdict(
      needed: 11, last: 10, now: 10, scanInterval: 0.001, longestPause: 0.004)
    #expect(abs(try #require(pause(verdict)) - 4000) < 1)
  }

  @Test("Half a scan before the needed one, it is waited for as usual, one interval at a time")
  func lateScan() {
    let verdict = BufferedScanForwarder.verdict(
      needed: 10.0075, last: 10.007, now: 10.0076, scanInterval: 0.001, longestPause: 0.010)
    #expect(verdict == .awaitScans(within: .milliseconds(1)))
  }

  @Test("A reader that may not pause, or timestamps that are not numbers, read as usual")
  func noPause() {
    #expect(
      BufferedScanForwarder.verdict(
        needed: 10.0075, last: 10, now: 10, scanInterval: 0.001, longestPause: 0) == .keepReading)
    #expect(
      BufferedScanForwarder.verdict(
        needed: .nan, last: 10, now: 10, scanInterval: 0.001, longestPause: 0.01) == .keepReading)
  }

  @Test("The buffer holds half a second of scans, so a stalled reader thread loses none")
  func bufferLength() {
    #expect(LiveIIOSensors.bufferLength(rate: 1000, current: 2, writable: true) == 500)
    #expect(LiveIIOSensors.bufferLength(rate: 104, current: 2, writable: true) == 52)
    #expect(LiveIIOSensors.bufferLength(rate: 1000, current: 512, writable: true) == nil, "enough")
    #expect(LiveIIOSensors.bufferLength(rate: 32_000, current: 2, writable: true) == 4096)
    #expect(LiveIIOSensors.bufferLength(rate: 1000, current: 2, writable: false) == nil)
    #expect(LiveIIOSensors.bufferLength(rate: nil, current: 2, writable: true) == nil)
    #expect(LiveIIOSensors.bufferLength(rate: .infinity, current: 2, writable: true) == nil)
    #expect(LiveIIOSensors.bufferLength(rate: 1000, current: nil, writable: true) == 500)
  }
}
