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

  init(
    sensors: Set<MotionSensor>, alignment: BootTimeAlignment, watchdog: ScanWatchdog,
    events: MotionBackend.ReaderEvents, resumed: @escaping @Sendable () -> Void
  ) {
    self.sensors = sensors
    self.watchdog = watchdog
    self.events = events
    self.resumed = resumed
    self.alignment = Mutex(alignment)
  }

  /// Hands one read's samples to the hub, in order; false (stop reading) once the watchdog
  /// has given up on the device.
  func forward(_ batch: [IIOSample]) -> Bool {
    // One reading of the clocks per read: every scan in it arrived at the same moment.
    let readings = alignment.withLock { BootTimeAlignment.readings(for: $0.clock) }
    for sample in batch {
      let verdict = watchdog.scanArrived()
      if verdict == .drop { return false }
      if verdict == .deliverResumed { resumed() }
      var scan = CoreMotionUnits.scan(sample, sensors: sensors)
      scan.timestamp = alignment.withLock { $0.align(scan.timestamp, readings: readings) }
      events.scan(scan)
    }
    return true
  }
}
