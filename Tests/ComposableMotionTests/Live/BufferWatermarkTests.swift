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
