import LinuxIIO
import Testing

@testable import ComposableMotion

@Suite("Kernel timestamps onto boot time")
struct BootTimeAlignmentTests {
  typealias Readings = BootTimeAlignment.Readings

  @Test("A realtime stamp of now becomes boottime now, and the spacing of scans is kept")
  func currentRealtime() {
    var alignment = BootTimeAlignment(clock: .realtime)
    let now = Readings(clock: 1_700_000_000, boot: 500)
    #expect(abs(alignment.align(1_699_999_999.99, readings: now) - 499.99) < 1e-6)
    let later = Readings(clock: 1_700_000_000.01, boot: 500.01)
    #expect(abs(alignment.align(1_700_000_000, readings: later) - 500) < 1e-6)
  }

  @Test("A realtime clock stepped by NTP moves the offset with it: no jump in boot time")
  func steppedClock() {
    var alignment = BootTimeAlignment(clock: .realtime)
    #expect(alignment.align(1_000_000, readings: Readings(clock: 1_000_000, boot: 100)) == 100)
    // The wall clock jumps back an hour between two scans 10 ms apart.
    let stepped = Readings(clock: 996_400.01, boot: 100.01)
    #expect(abs(alignment.align(996_400.01, readings: stepped) - 100.01) < 1e-6)
  }

  @Test("A capture stamped years ago (umockdev) is anchored at now, never negative")
  func oldCapture() {
    var alignment = BootTimeAlignment(clock: .realtime)
    let now = Readings(clock: 1_800_000_000, boot: 42)
    // 0x165BFC0948228B6F ns: the isp-orientation capture's first scan, in 2019.
    let first = 1_611_000_000.0
    #expect(alignment.align(first, readings: now) == 42)
    #expect(abs(alignment.align(first + 0.02, readings: now) - 42.02) < 1e-6)
  }

  @Test("A stamp in the future (a clock set ahead) is anchored too")
  func futureStamp() {
    var alignment = BootTimeAlignment(clock: .monotonic)
    #expect(alignment.align(10_000, readings: Readings(clock: 50, boot: 60)) == 60)
  }

  @Test("Boot-time stamps pass through, clamped at zero and never going backwards")
  func boottimePassThrough() {
    var alignment = BootTimeAlignment(clock: .boottime)
    #expect(alignment.align(-3, readings: nil) == 0)
    #expect(alignment.align(5, readings: nil) == 5)
    #expect(alignment.align(4, readings: nil) == 5)
    #expect(BootTimeAlignment.readings(for: .boottime) == nil)
  }

  @Test("Readings of this machine's realtime clock convert its own now to a boot time near now")
  func liveReadings() throws {
    var alignment = BootTimeAlignment(clock: .realtime)
    let readings = try #require(BootTimeAlignment.readings(for: .realtime))
    let boot = alignment.align(readings.clock, readings: readings)
    #expect(abs(boot - readings.boot) < 1e-3)
  }
}
