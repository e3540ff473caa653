import LinuxIIO
import Synchronization

/// Bounds how long a buffered read may stay silent before its first scan: a triggered buffer
/// with no trigger driving it never delivers, and would otherwise hang its streams forever.
///
/// One state under one lock decides the race between the first scan and the deadline, so
/// exactly one of them wins; the read is stopped outside the lock.
final class FirstScanWatchdog: Sendable {
  enum State {
    case waiting
    case receiving
    case timedOut
  }

  private let state = Mutex(State.waiting)
  /// How long the device had to deliver.
  let timeout: Duration

  /// A few sample periods, at least 250 ms (a slow driver's first wake-up), at most 1 s.
  static func timeout(interval: Duration) -> Duration {
    min(.seconds(1), max(.milliseconds(250), interval * 5))
  }

  init(timeout: Duration) {
    self.timeout = timeout
  }

  /// Whether the deadline passed before any scan.
  var timedOut: Bool { state.withLock { $0 == .timedOut } }

  /// Records a scan; false when the deadline already won (the scan must be dropped).
  func scanArrived() -> Bool {
    state.withLock { state in
      if state == .waiting { state = .receiving }
      return state == .receiving
    }
  }

  /// Sleeps `timeout` on `clock`, then stops `read` if no scan came; cancel the task once the
  /// read has ended.
  func arm(clock: any Clock<Duration>, stopping read: IIOBufferedRead) -> Task<Void, Never> {
    Task { [timeout] in
      do {
        try await clock.sleep(for: timeout)
      } catch {
        return
      }
      let won = state.withLock { state in
        guard state == .waiting else { return false }
        state = .timedOut
        return true
      }
      if won { read.stop() }
    }
  }
}
