#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The descriptors one blocking loop waits on with `poll(2)`, with its timeouts as `Duration`s:
/// the one wait of every layer-0 thread (an IIO buffer's read loop, a device watch, a gpsd or
/// iiod socket), each beside a ``WakeSignal`` that ends it.
///
/// The entries are allocated once, so a loop that waits thousands of times a second allocates
/// nothing per wait. A signal (`EINTR`) restarts the wait with the same timeout.
package struct PollSet {
  /// What a wait ended with.
  package enum Wait: Sendable, Equatable {
    /// At least one descriptor reported an event (see ``events(at:)``).
    case ready
    /// The timeout passed first.
    case timedOut
    /// `poll()` failed, with its `errno` (never `EINTR`).
    case failed(errno: Int32)
  }

  /// How a timeout becomes `poll()`'s whole milliseconds.
  package enum Rounding: Sendable {
    /// Up: a wait never ends before the moment it waits for (a deadline, a scan that is due).
    case up
    /// Down: a sleep never outlasts what was asked.
    case down
  }

  private var entries: [pollfd] = []

  /// An empty set.
  package init() {}

  /// Adds `descriptor`, waiting for `events` (`POLLIN`, `POLLOUT`); returns its index for
  /// ``events(at:)``.
  @discardableResult
  package mutating func add(_ descriptor: Int32, events: Int32) -> Int {
    entries.append(pollfd(fd: descriptor, events: Int16(truncatingIfNeeded: events), revents: 0))
    return entries.count - 1
  }

  /// Waits until a descriptor reports an event or `timeout` passes (nil: no limit; rounded up to
  /// whole milliseconds).
  package mutating func wait(timeout: Duration?) -> Wait {
    let milliseconds = timeout.map { Self.milliseconds($0) } ?? -1
    while true {
      let ready = entries.withUnsafeMutableBufferPointer { entries -> Int32 in
        for index in entries.indices { entries[index].revents = 0 }
        return poll(entries.baseAddress, nfds_t(entries.count), milliseconds)
      }
      if ready > 0 { return .ready }
      if ready == 0 { return .timedOut }
      let code = errno
      if code != EINTR { return .failed(errno: code) }
    }
  }

  /// The events descriptor `index` reported at the last wait (`POLLIN`, `POLLHUP`, `POLLNVAL`…),
  /// 0 for none.
  package func events(at index: Int) -> Int32 {
    Int32(entries[index].revents)
  }

  /// Whether descriptor `index` reported any event at the last wait.
  package func isReady(_ index: Int) -> Bool {
    entries[index].revents != 0
  }

  /// `duration` in `poll()`'s whole milliseconds: 0 for zero or less, at most `Int32.max`
  /// (24.8 days), rounded as asked (up by default, so a positive wait is at least 1 ms).
  package static func milliseconds(_ duration: Duration, rounding: Rounding = .up) -> Int32 {
    let (seconds, attoseconds) = duration.components
    guard seconds > 0 || (seconds == 0 && attoseconds > 0) else { return 0 }
    // Clamped before multiplying: a timeout of 10^16 s must not overflow.
    guard seconds < Int64(Int32.max) / 1000 else { return Int32.max }
    let perMillisecond: Int64 = 1_000_000_000_000_000
    let fraction =
      rounding == .up
      ? (attoseconds + perMillisecond - 1) / perMillisecond : attoseconds / perMillisecond
    return Int32(clamping: seconds * 1000 + fraction)
  }
}
