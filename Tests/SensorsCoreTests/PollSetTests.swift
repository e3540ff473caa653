import SensorsCore
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// PollSet's waits on real descriptors (a wake pipe), never on time: every timeout here is zero
/// or absent, so no test sleeps.
@Suite struct PollSetTests {
  @Test func timeoutsBecomeWholeMillisecondsRoundedUpByDefault() {
    #expect(PollSet.milliseconds(.seconds(1)) == 1000)
    #expect(PollSet.milliseconds(.microseconds(1)) == 1, "a positive wait is at least 1 ms")
    #expect(PollSet.milliseconds(.microseconds(1500)) == 2)
    #expect(PollSet.milliseconds(.milliseconds(250)) == 250)
    #expect(PollSet.milliseconds(.zero) == 0)
    #expect(PollSet.milliseconds(.milliseconds(-5)) == 0, "a deadline already passed")
    #expect(PollSet.milliseconds(.seconds(1e16)) == Int32.max, "no overflow")
    #expect(PollSet.milliseconds(.seconds(2_147_482)) == 2_147_482_000)
  }

  @Test func roundingDownNeverOutlastsTheRequest() {
    #expect(PollSet.milliseconds(.microseconds(1500), rounding: .down) == 1)
    #expect(PollSet.milliseconds(.microseconds(999), rounding: .down) == 0)
    #expect(PollSet.milliseconds(.seconds(3), rounding: .down) == 3000)
  }

  @Test func aQuietDescriptorTimesOutAndASignalledOneIsReady() throws {
    let wake = try WakeSignal()
    defer { wake.markDone() }
    var polls = PollSet()
    let index = polls.add(wake.descriptor, events: Int32(POLLIN))
    #expect(polls.wait(timeout: .zero) == .timedOut)
    #expect(!polls.isReady(index))
    wake.signal()
    #expect(polls.wait(timeout: nil) == .ready)
    #expect(polls.isReady(index))
    #expect(polls.events(at: index) & Int32(POLLIN) != 0)
  }

  @Test func eventsAreClearedBeforeEachWait() throws {
    let quiet = try WakeSignal()
    let woken = try WakeSignal()
    defer {
      quiet.markDone()
      woken.markDone()
    }
    var polls = PollSet()
    let first = polls.add(quiet.descriptor, events: Int32(POLLIN))
    let second = polls.add(woken.descriptor, events: Int32(POLLIN))
    quiet.signal()
    #expect(polls.wait(timeout: .zero) == .ready)
    #expect(polls.isReady(first) && !polls.isReady(second))
    // Drain the first pipe, then wake only the second: the first's old event must not linger.
    var byte: UInt8 = 0
    #expect(read(quiet.descriptor, &byte, 1) == 1)
    woken.signal()
    #expect(polls.wait(timeout: .zero) == .ready)
    #expect(!polls.isReady(first) && polls.isReady(second))
  }

  @Test func aDescriptorThatIsNotOpenReportsInvalidAsARemovedDeviceNodeDoes() {
    var polls = PollSet()
    // Far above any descriptor a test process opens.
    let index = polls.add(1_000_000, events: Int32(POLLIN))
    #expect(polls.wait(timeout: .zero) == .ready)
    #expect(polls.events(at: index) & Int32(POLLNVAL) != 0)
  }
}
