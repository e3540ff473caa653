import Testing

@testable import ComposableMotion

@Suite("iiod backend pacing")
struct RemoteIIOSensorsTests {
  @Test("Reconnect pauses double from 250 ms to 8 s")
  func pauses() {
    let pauses = (1...8).map { RemoteIIOSensors.pause(afterFailures: $0) }
    #expect(
      pauses == [250, 500, 1000, 2000, 4000, 8000, 8000, 8000].map { .milliseconds($0) })
  }

  @Test("A READBUF block is one interval's scans, 1 to 256")
  func blocks() {
    #expect(RemoteIIOSensors.blockScans(rate: 100, interval: .milliseconds(100)) == 10)
    #expect(RemoteIIOSensors.blockScans(rate: 12.8, interval: .milliseconds(10)) == 1)
    #expect(RemoteIIOSensors.blockScans(rate: 4000, interval: .seconds(1)) == 256)
    #expect(RemoteIIOSensors.blockScans(rate: nil, interval: .seconds(1)) == 1)
    #expect(RemoteIIOSensors.blockScans(rate: .nan, interval: .seconds(1)) == 1)
  }
}
