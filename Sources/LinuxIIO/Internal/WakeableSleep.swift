import SensorsCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// A sleep to the nanosecond that a descriptor (a reader's wake pipe) can end early.
///
/// `poll()` counts whole milliseconds, too coarse to wake a reader just after the one scan of
/// a 1 kHz stream that completes an output; Glibc's module map exports neither `ppoll` nor
/// timerfd, so this uses `pselect`, which takes a `timespec`.
enum WakeableSleep {
  /// Sleeps `duration` unless `descriptor` becomes readable first; false when it did (stop).
  /// A failure or a signal only ends the sleep early (true): the caller's next read or poll
  /// sees what is there.
  static func sleep(_ duration: Duration, unless descriptor: Int32) -> Bool {
    let parts = duration.components
    guard parts.seconds > 0 || parts.attoseconds > 0 else { return true }
    var time = timespec(
      tv_sec: Int(clamping: min(parts.seconds, 86_400)),
      tv_nsec: Int(parts.attoseconds / 1_000_000_000))
    guard descriptor >= 0, descriptor < FD_SETSIZE else {
      // fd_set holds descriptors below FD_SETSIZE only; beyond it, poll() in whole
      // milliseconds, rounded down so the sleep never outlasts what was asked.
      let rounded = Duration.milliseconds(PollSet.milliseconds(duration, rounding: .down))
      guard rounded > .zero else { return true }
      var polls = PollSet()
      let wake = polls.add(descriptor, events: POLLIN)
      return polls.wait(timeout: rounded) != .ready || !polls.isReady(wake)
    }
    var readable = fd_set()
    let bits = MemoryLayout<UInt>.size * 8
    withUnsafeMutableBytes(of: &readable) { raw in
      raw.bindMemory(to: UInt.self)[Int(descriptor) / bits] |= 1 << (UInt(descriptor) % UInt(bits))
    }
    return pselect(descriptor + 1, &readable, nil, nil, &time, nil) <= 0
  }
}
