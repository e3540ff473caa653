import Dispatch

/// Runs one blocking call at a time off the concurrency pool, and awaits its result: a sysfs
/// read behind an I2C or SPI sensor (up to a millisecond), an iiod request on a socket. The pool
/// has only as many threads as cores, and a call parked there stalls every task queued behind it.
///
/// The package's one way off the pool for calls that end: each runs on this serial queue and
/// resumes its caller through a checked continuation. A loop that blocks for its whole life (a
/// buffered read, a device watch, a gpsd or D-Bus session) owns a ``DetachedThread`` instead,
/// waiting in a ``PollSet`` beside a ``WakeSignal``.
package struct BlockingQueue: Sendable {
  private let queue: DispatchQueue

  /// A queue named `label` (as debuggers show it).
  package init(label: String) {
    queue = DispatchQueue(label: label)
  }

  /// Runs `work` on the queue, after the calls submitted before it, and returns its result.
  package func run<Value: Sendable, Failure: Error>(
    _ work: @escaping @Sendable () throws(Failure) -> Value
  ) async throws(Failure) -> Value {
    let result: Result<Value, Failure> = await withCheckedContinuation { continuation in
      queue.async { continuation.resume(returning: Result(catching: work)) }
    }
    return try result.get()
  }
}
