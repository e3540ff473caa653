import Glibc

/// Writes captured scans into a FIFO over and over from its own thread, as a device streaming at
/// full rate would, until stopped. It writes through its own non-blocking duplicate of the
/// descriptor (a full pipe never keeps it from seeing ``stop()``) and closes it itself, so no
/// write can land on a reused descriptor.
public final class ScanPump: Sendable {
  /// The pump's own descriptor on the FIFO (open until ``stop()``).
  public let descriptor: Int32
  private let stopped = OneWayFlag()
  private let thread = JoinableThread()

  /// Starts pumping `scans` into `fd` (a ``FakeCharacterDevice``'s) on a new thread.
  public init(fd: Int32, scans: [UInt8]) {
    let own = dup(fd)
    descriptor = own
    _ = fcntl(own, F_SETFL, fcntl(own, F_GETFL) | O_NONBLOCK)
    thread.start { [stopped] in
      var offset = 0
      while !stopped.isRaised && own >= 0 && !scans.isEmpty {
        let count = scans[offset...].withUnsafeBytes { Glibc.write(own, $0.baseAddress, $0.count) }
        if count > 0 {
          offset = (offset + count) % scans.count
        } else {
          usleep(200)
        }
      }
      if own >= 0 { close(own) }
    }
  }

  /// Stops the thread and returns once it has closed its descriptor (a few hundred µs).
  public func stop() {
    stopped.raise()
    thread.join()
  }
}
