import LinuxIIO
import SensorsCore
import Synchronization

/// Turns a buffered read's batches into motion scans for the hub, on the reader's own thread:
/// each `read(2)` is one call, and the hub's subscribers (device motion's filter included) run
/// right there, up to the stream each subscription's consumer iterates. The client's update
/// effects iterate theirs on this thread too, once the read is delivered
/// (``ReaderThreadExecutor``), so an output wakes no other thread.
final class BufferedScanForwarder: Sendable {
  /// What the reader's thread carries from one batch to the next.
  private struct State {
    var alignment: BootTimeAlignment
    /// The latest scan's time, seconds since boot.
    var last: Double?
    /// The smoothed time between consecutive scans, in seconds.
    var scanInterval: Double?

    /// Aligns one read's scan times onto boottime, in place, and learns the spacing of scans
    /// from them: the read's span over its scan count, so that a stall a read catches up on
    /// (scans stamped late, then close together) averages out instead of skewing the estimate.
    mutating func arrived(_ scans: inout [MotionScan], readings: BootTimeAlignment.Readings?) {
      guard !scans.isEmpty else { return }
      for index in scans.indices {
        scans[index].timestamp = alignment.align(scans[index].timestamp, readings: readings)
      }
      let newest = scans[scans.count - 1].timestamp
      if let last {
        let gap = (newest - last) / Double(scans.count)
        // A stall or a device restart is not the device's rate: only plausible gaps count.
        if gap > 0, gap < 1 {
          scanInterval = scanInterval.map { $0 + (gap - $0) / 8 } ?? gap
        }
      }
      last = newest
    }
  }

  private let kept: CoreMotionUnits.Kept
  private let watchdog: SilenceWatchdog
  private let events: MotionBackend.ReaderEvents
  private let resumed: @Sendable () -> Void
  private let clock: IIOTimestampClock
  /// Only the reader's thread takes it (one batch at a time); a lock keeps that a fact the
  /// compiler checks rather than a promise.
  private let state: Mutex<State>
  /// The longest the reader may sleep between reads (bounded by the kernel buffer's room).
  private let longestPause: Double

  init(
    sensors: Set<MotionSensor>, alignment: BootTimeAlignment, watchdog: SilenceWatchdog,
    events: MotionBackend.ReaderEvents, longestPause: Double,
    resumed: @escaping @Sendable () -> Void
  ) {
    self.kept = CoreMotionUnits.Kept(sensors)
    self.watchdog = watchdog
    self.events = events
    self.resumed = resumed
    self.clock = alignment.clock
    self.state = Mutex(State(alignment: alignment))
    self.longestPause = longestPause
  }

  /// Hands one read's samples to the hub, in order. Stops once the watchdog has given up on
  /// the device; pauses the reader when no subscriber needs a scan before some time (device
  /// motion between outputs), so the next read collects the scans until then in one go.
  func forward(_ batch: IIOScanBatch) -> IIOBatchVerdict {
    // One verdict per read: every scan in it arrived at the same moment.
    switch watchdog.arrived() {
    case .drop: return .stop
    case .deliverResumed: resumed()
    case .deliver: break
    }
    // One reading of the clocks per read, for the same reason.
    let readings = BootTimeAlignment.readings(for: clock)
    var scans = CoreMotionUnits.scans(batch, keeping: kept)
    let (last, interval) = state.withLock { state in
      state.arrived(&scans, readings: readings)
      return (state.last, state.scanInterval)
    }
    // The update effects' loops run right here, after the delivery.
    let needed = ReaderThreadExecutor.collecting { events.deliver(scans) }
    guard let needed, let last, longestPause > 0 else { return .keepReading }
    // Read after the delivery: the consumers that ran in it took their time.
    let now = BootTimeAlignment.bootTimeNow()
    return Self.verdict(
      needed: needed, last: last, now: now, scanInterval: interval, longestPause: longestPause)
  }

  /// When to read again, once the hub has every scan up to `last` and no subscriber needs one
  /// before `needed` (seconds since boot, like `now`).
  ///
  /// The scan that will count is the first at or after `needed`; spaced `scanInterval` apart
  /// from `last`, it is expected at `last + k × scanInterval`. The reader sleeps until half a
  /// scan interval before that, at most `longestPause`, measured from the last scan and from
  /// now, whichever is sooner (a late read or a clock that is not quite boottime then shortens
  /// the pause rather than delaying an output). That read takes the scans before it; then the
  /// reader waits for the needed one on the device, as usual, for at most one scan interval at
  /// a time, so the scan's own arrival wakes it: two wake-ups per output, none of them late.
  ///
  /// Waking just after the expected arrival instead (one wake-up per output) was measured too:
  /// about the same CPU, but a timer wake-up competes for a busy core like any other, and the
  /// median latency rose from about 45 µs to 250-300 µs (reading and fusing the whole batch
  /// comes before the output, and the margin and the timer slack come on top).
  static func verdict(
    needed: Double, last: Double, now: Double, scanInterval: Double?, longestPause: Double
  ) -> IIOBatchVerdict {
    guard longestPause > 0, needed.isFinite, last.isFinite, now.isFinite else {
      return .keepReading
    }
    var expected = needed
    var lead = 0.0
    if let interval = scanInterval, interval > 0, needed > last {
      let scans = ((needed - last) / interval).rounded(.up)
      expected = last + min(scans, (longestPause / interval).rounded(.up) + 1) * interval
      lead = interval / 2
    }
    let wake = expected - lead
    let pause = min(wake - last, wake - now)
    // A sleep of a fraction of the lead would only add a wake-up: wait on the device instead.
    guard pause > lead / 4 else {
      return .awaitScans(within: seconds(min(scanInterval ?? longestPause, longestPause)))
    }
    return .pause(seconds(min(pause, longestPause)))
  }

  private static func seconds(_ value: Double) -> Duration {
    .nanoseconds(Int64((value * 1e9).rounded()))
  }
}
