import LinuxIIO
import Synchronization

/// Bounds how long a buffered read may stay silent: before its first scan (a triggered buffer
/// with no trigger driving it never delivers, and would otherwise hang its streams forever)
/// and after it (a device that stops mid-stream is reported stale, like the gpsd client's
/// `stale`, and resumed when it delivers again).
///
/// One state under one lock decides each race between scans and the clock; the read is
/// stopped and events are reported by the caller, outside the lock.
final class ScanWatchdog: Sendable {
  enum State: Equatable {
    /// No scan yet.
    case waiting
    /// Delivering; `silentSlices` slices in a row passed without a scan, `heard` says whether
    /// one arrived in the current slice.
    case receiving(silentSlices: Int, heard: Bool)
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
    case none
    case stopRead
    case reportStale
  }

  /// Silent slices in a row that make a stream stale: a stale report comes between 1 and
  /// 1.25 timeouts after the last scan.
  static let slicesPerTimeout = 4

  private let state = Mutex(State.waiting)
  /// How long the device had to deliver, and may stay silent before it is stale.
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

  /// Records a scan.
  func scanArrived() -> ScanVerdict {
    state.withLock { state in
      switch state {
      case .waiting, .receiving:
        state = .receiving(silentSlices: 0, heard: true)
        return .deliver
      case .stale:
        state = .receiving(silentSlices: 0, heard: true)
        return .deliverResumed
      case .timedOut:
        return .drop
      }
    }
  }

  /// The first deadline, or one slice after it, passed.
  func tick() -> TickVerdict {
    state.withLock { state in
      switch state {
      case .waiting:
        state = .timedOut
        return .stopRead
      case .receiving(let silent, let heard):
        if heard {
          state = .receiving(silentSlices: 0, heard: false)
          return .none
        }
        guard silent + 1 >= Self.slicesPerTimeout else {
          state = .receiving(silentSlices: silent + 1, heard: false)
          return .none
        }
        state = .stale
        return .reportStale
      case .stale, .timedOut:
        return .none
      }
    }
  }

  /// Sleeps `timeout` on `clock`, then stops `read` if no scan came; after that, ticks every
  /// quarter timeout and calls `stale` when the device has been silent for a whole timeout.
  /// Cancel the task once the read has ended.
  func arm(
    clock: any Clock<Duration>, stopping read: IIOBufferedRead,
    stale: @escaping @Sendable () -> Void
  ) -> Task<Void, Never> {
    Task { [timeout] in
      var wait = timeout
      while true {
        do {
          try await clock.sleep(for: wait)
        } catch {
          return
        }
        switch tick() {
        case .stopRead:
          read.stop()
          return
        case .reportStale:
          stale()
        case .none:
          break
        }
        wait = timeout / Self.slicesPerTimeout
      }
    }
  }
}
