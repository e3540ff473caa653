import LinuxIIO
import Synchronization

/// Turns a buffered read's batches into motion scans for the hub, on the reader's own thread:
/// each `read(2)` is one call, and the hub's subscribers (device motion's filter included) run
/// right there, so the only task wake-ups are the outputs a subscriber's stream yields.
final class BufferedScanForwarder: Sendable {
  private let sensors: Set<MotionSensor>
  private let watchdog: ScanWatchdog
  private let events: MotionBackend.ReaderEvents
  private let resumed: @Sendable () -> Void
  /// Only the reader's thread takes it (one batch at a time); a lock keeps that a fact the
  /// compiler checks rather than a promise.
  private let alignment: Mutex<BootTimeAlignment>
  /// The longest the reader may sleep between reads (bounded by the kernel buffer's room).
  private let longestPause: Double

  /// How long before the earliest scan a subscriber needs the reader wakes again, in seconds:
  /// from then on it reads every scan as it comes, so that one reaches the hub at once.
  static let wakeMargin = 0.0015

  init(
    sensors: Set<MotionSensor>, alignment: BootTimeAlignment, watchdog: ScanWatchdog,
    events: MotionBackend.ReaderEvents, longestPause: Double,
    resumed: @escaping @Sendable () -> Void
  ) {
    self.sensors = sensors
    self.watchdog = watchdog
    self.events = events
    self.resumed = resumed
    self.alignment = Mutex(alignment)
    self.longestPause = longestPause
  }

  /// Hands one read's samples to the hub, in order. Stops once the watchdog has given up on
  /// the device; pauses the reader when no subscriber needs a scan before some time (device
  /// motion between outputs), so the next read collects the scans until then in one go.
  func forward(_ batch: [IIOSample]) -> IIOBatchVerdict {
    // One reading of the clocks per read: every scan in it arrived at the same moment.
    let readings = alignment.withLock { BootTimeAlignment.readings(for: $0.clock) }
    var needed: Double?
    var last = 0.0
    for sample in batch {
      let verdict = watchdog.scanArrived()
      if verdict == .drop { return .stop }
      if verdict == .deliverResumed { resumed() }
      var scan = CoreMotionUnits.scan(sample, sensors: sensors)
      scan.timestamp = alignment.withLock { $0.align(scan.timestamp, readings: readings) }
      needed = events.deliver(scan)
      last = scan.timestamp
    }
    guard let needed, longestPause > 0 else { return .keepReading }
    // Measured from the last scan and from now, whichever is sooner: a late read or a clock
    // that is not quite boottime then shortens the pause rather than delaying an output.
    let now = readings?.boot ?? BootTimeAlignment.bootTimeNow()
    let pause = min(needed - last, needed - now) - Self.wakeMargin
    guard pause > 0 else { return .keepReading }
    return .pause(.nanoseconds(Int64(min(pause, longestPause) * 1e9)))
  }
}
