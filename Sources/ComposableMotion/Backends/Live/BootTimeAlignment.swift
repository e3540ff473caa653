import LinuxIIO

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Moves kernel timestamps onto `boottime`, Core Motion's "seconds since boot", when a device
/// stamps on another clock and its `current_timestamp_clock` cannot be changed.
///
/// The offset between the device's clock and boottime is measured again for every scan, so a realtime clock stepped by NTP or by hand (or a resume from suspend) moves the
/// offset with it. A timestamp that cannot have come from this boot on that clock (it would
/// land before boot, or after now) — a capture replayed under umockdev, a device whose clock
/// was set long ago — is anchored instead: the first such scan maps to now and the following
/// ones keep their spacing. Either way the result is never negative and never goes backwards.
struct BootTimeAlignment: Sendable {
  /// The device's clock.
  let clock: IIOTimestampClock
  /// Seconds of slack for a timestamp that appears to lie in the future (scheduling jitter
  /// between stamping and measuring).
  static let futureTolerance = 1.0

  /// The device timestamp and boottime of the first anchored scan, once one needed anchoring.
  private var anchor: (device: Double, boot: Double)?
  /// The last timestamp returned, so the output never goes backwards.
  private var last = 0.0

  init(clock: IIOTimestampClock) {
    self.clock = clock
  }

  /// Readings of the device's clock and of boottime taken together, in seconds.
  struct Readings: Sendable, Equatable {
    var clock: Double
    var boot: Double
  }

  /// Reads the device's clock and boottime now; nil for boottime itself or a clock this
  /// machine cannot read (then timestamps pass through, clamped).
  static func readings(for clock: IIOTimestampClock) -> Readings? {
    let id: clockid_t
    switch clock {
    case .realtime: id = CLOCK_REALTIME
    case .realtimeCoarse: id = CLOCK_REALTIME_COARSE
    case .monotonic: id = CLOCK_MONOTONIC
    case .monotonicRaw: id = CLOCK_MONOTONIC_RAW
    case .monotonicCoarse: id = CLOCK_MONOTONIC_COARSE
    case .tai: id = CLOCK_TAI
    default: return nil
    }
    return Readings(clock: now(id), boot: now(CLOCK_BOOTTIME))
  }

  /// Converts one timestamp (seconds on ``clock``) to seconds since boot, given readings of
  /// both clocks taken near its arrival (nil when there is nothing to convert).
  mutating func align(_ timestamp: Double, readings: Readings?) -> Double {
    var boot = timestamp
    if let readings {
      if let anchor {
        boot = anchor.boot + (timestamp - anchor.device)
      } else {
        boot = timestamp - (readings.clock - readings.boot)
        if boot < 0 || boot > readings.boot + Self.futureTolerance {
          anchor = (timestamp, readings.boot)
          boot = readings.boot
        }
      }
    }
    boot = max(boot, last, 0)
    last = boot
    return boot
  }

  /// Seconds since boot, now (`CLOCK_BOOTTIME`).
  static func bootTimeNow() -> Double {
    now(CLOCK_BOOTTIME)
  }

  private static func now(_ id: clockid_t) -> Double {
    var time = timespec()
    clock_gettime(id, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) * 1e-9
  }
}
