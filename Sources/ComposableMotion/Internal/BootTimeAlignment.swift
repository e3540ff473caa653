import Glibc
import LinuxIIO

/// Moves kernel timestamps onto `boottime`, Core Motion's "seconds since boot", when a device
/// stamps on another clock and its `current_timestamp_clock` cannot be changed.
enum BootTimeAlignment {
  /// Seconds to subtract from a timestamp on `clock` to get boottime, measured now.
  static func offset(from clock: IIOTimestampClock) -> Double {
    let id: clockid_t
    switch clock {
    case .boottime: return 0
    case .realtime: id = CLOCK_REALTIME
    case .realtimeCoarse: id = CLOCK_REALTIME_COARSE
    case .monotonic: id = CLOCK_MONOTONIC
    case .monotonicRaw: id = CLOCK_MONOTONIC_RAW
    case .monotonicCoarse: id = CLOCK_MONOTONIC_COARSE
    case .tai: id = CLOCK_TAI
    default: return 0
    }
    return now(id) - now(CLOCK_BOOTTIME)
  }

  private static func now(_ id: clockid_t) -> Double {
    var time = timespec()
    clock_gettime(id, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) * 1e-9
  }
}
