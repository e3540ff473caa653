import LinuxIIO
import SensorsCore
import Synchronization

/// Bounds how long a buffered read may stay silent: before its first scan (a triggered buffer
/// with no trigger driving it never delivers, and would otherwise hang its streams forever)
/// and after it (a device that stops mid-stream is reported stale, like the gpsd client's
/// `stale`, exactly one timeout after its last scan, and resumed when it delivers again).
///
/// One state under one lock decides each race between scans and the clock; the read is
/// stopped and events are reported by the caller, outside the lock.
final class ScanWatchdog: Sendable {
  enum State: Equatable {
    /// No scan yet.
    case waiting
    /// Delivering; the latest scan came at `lastScan` on the clock (since the watchdog began).
    case receiving(lastScan: Duration)
    /// Silent for the whole timeout after delivering.
    case stale
    /// No first scan within the timeout: the read is stopped, late scans are dropped.
    case timedOut
  }

  /// What to do with a scan that arrived.
  enum ScanVerdict: Equatable {
    case deliver
    /// Deliver it, after reporting that the device delivers again.
    case deliverResumed
    /// The deadline already won: drop it.
    case drop
  }

  /// What the clock's tick asks for.
  enum TickVerdict: Equatable {
    /// Nothing due yet: tick again after this long (the moment the silence would reach the
    /// timeout).
    case sleep(Duration)
    case stopRead
    /// Report the device stale, then tick again after a timeout.
    case reportStale
  }

  private let state = Mutex(State.waiting)
  /// How long the device had to deliver, and may stay silent before it is stale.
  let timeout: Duration
  /// The clock the deadlines are timed on.
  private let clock: any Clock<Duration>
  /// The clock's time since the watchdog began.
  private let elapsed: @Sendable () -> Duration

  /// A few sample periods, at least 250 ms (a slow driver's first wake-up), at most 1 s.
  static func timeout(interval: Duration) -> Duration {
    min(.seconds(1), max(.milliseconds(250), interval * 5))
  }

  /// A watchdog timing `timeout` on `clock`, from now.
  init(timeout: Duration, clock: any Clock<Duration>) {
    self.timeout = timeout
    self.clock = clock
    self.elapsed = Self.stopwatch(clock)
  }

  /// Reads the clock once per read of a live device: the live client's own clock takes the
  /// specialised path, any other (a `TestClock`) the generic one.
  private static func stopwatch(_ clock: any Clock<Duration>) -> @Sendable () -> Duration {
    if clock is ContinuousClock {
      let start = ContinuousClock.now
      return { start.duration(to: .now) }
    }
    return genericStopwatch(clock)
  }

  private static func genericStopwatch<C: Clock<Duration>>(_ clock: C) -> @Sendable () -> Duration {
    let start = clock.now
    return { start.duration(to: clock.now) }
  }

  /// Whether the deadline passed before any scan.
  var timedOut: Bool { state.withLock { $0 == .timedOut } }

  /// Records a scan, now on the clock (read under the lock, so a tick cannot slip in between
  /// the reading and the record and call a punctual scan late).
  func scanArrived() -> ScanVerdict {
    state.withLock { Self.scanArrived(at: elapsed(), &$0) }
  }

  /// Records a scan that came at `now` on the clock (since the watchdog began).
  func scanArrived(at now: Duration) -> ScanVerdict {
    state.withLock { Self.scanArrived(at: now, &$0) }
  }

  private static func scanArrived(at now: Duration, _ state: inout State) -> ScanVerdict {
    switch state {
    case .waiting, .receiving:
      state = .receiving(lastScan: now)
      return .deliver
    case .stale:
      state = .receiving(lastScan: now)
      return .deliverResumed
    case .timedOut:
      return .drop
    }
  }

  /// The clock reached `now` (since the watchdog began), for a tick that was due at `due`:
  /// stop a read that never delivered, report a silence that reached the timeout, or say when
  /// to look again. A device that keeps delivering costs one tick per timeout, and a stale
  /// report comes one timeout after the last scan.
  ///
  /// A tick that comes more than a timeout after it was due means the clock jumped (the
  /// system slept: the live client's `ContinuousClock` counts suspended time), not that the
  /// device did: it gets a whole timeout from now to deliver again before it is stale.
  func tick(at now: Duration, due: Duration? = nil) -> TickVerdict {
    state.withLock { Self.tick(at: now, due: due ?? now, timeout: timeout, &$0) }
  }

  /// ``tick(at:due:)`` now on the clock, read under the lock like a scan's.
  private func tick(due: Duration) -> TickVerdict {
    state.withLock { Self.tick(at: elapsed(), due: due, timeout: timeout, &$0) }
  }

  private static func tick(
    at now: Duration, due: Duration, timeout: Duration, _ state: inout State
  ) -> TickVerdict {
    switch state {
    case .waiting:
      guard now >= timeout else { return .sleep(timeout - now) }
      state = .timedOut
      return .stopRead
    case .receiving(let last):
      if now - due > timeout {
        state = .receiving(lastScan: now)
        return .sleep(timeout)
      }
      let silence = now - last
      // A clock that went back (a custom one) waits at most a timeout, never longer.
      guard silence >= timeout else { return .sleep(min(timeout - silence, timeout)) }
      state = .stale
      return .reportStale
    case .stale:
      return .sleep(timeout)
    case .timedOut:
      return .stopRead
    }
  }

  /// Sleeps `timeout` on the watchdog's clock, then stops `read` if
  /// no scan came; after that, wakes when the silence since the last scan would reach the
  /// timeout, and calls `stale` if it did. Cancel the task once the read has ended.
  func arm(stopping read: IIOBufferedRead, stale: @escaping @Sendable () -> Void)
    -> Task<Void, Never>
  {
    Task.inheritingExecutor { [timeout, clock, elapsed] in
      var wait = timeout
      while true {
        let due = elapsed() + wait
        do {
          try await clock.sleep(for: wait)
        } catch {
          return
        }
        switch self.tick(due: due) {
        case .stopRead:
          read.stop()
          return
        case .reportStale:
          stale()
          wait = timeout
        case .sleep(let duration):
          wait = duration
        }
      }
    }
  }
}
