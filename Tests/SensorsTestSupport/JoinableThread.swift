import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// An operating-system thread a test can wait for: ``join()`` returns once the body has returned
/// (`pthread_join`), so a fake device or peer never outlives the test that stopped it, and no
/// semaphore stands in for the thread's end.
///
/// ```swift
/// let thread = JoinableThread()
/// thread.start { serveUntilStopped() }
/// …
/// stopFlag.raise()
/// thread.join()
/// ```
public final class JoinableThread: Sendable {
  /// The running thread, until it is joined.
  private let running = Mutex<pthread_t?>(nil)

  /// A thread not started yet.
  public init() {}

  /// Runs `body` on a new thread.
  ///
  /// - Returns: false if the system refused a new thread (nothing runs; ``join()`` returns at once)
  ///   or this thread was started before.
  @discardableResult
  public func start(_ body: @escaping @Sendable () -> Void) -> Bool {
    running.withLock { running in
      guard running == nil else { return false }
      let payload = Unmanaged.passRetained(Payload(body)).toOpaque()
      var thread = pthread_t()
      guard pthread_create(&thread, nil, joinableThreadEntry, payload) == 0 else {
        Unmanaged<Payload>.fromOpaque(payload).release()
        return false
      }
      running = thread
      return true
    }
  }

  /// Waits for the body to return; returns at once if it was never started or is joined already.
  /// Ask the body to stop first: this waits for as long as it runs.
  public func join() {
    guard let thread = running.withLock({ running in running.take() }) else { return }
    pthread_join(thread, nil)
  }

  fileprivate final class Payload: Sendable {
    let body: @Sendable () -> Void
    init(_ body: @escaping @Sendable () -> Void) { self.body = body }
  }
}

private func joinableThreadEntry(_ raw: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? {
  guard let raw else { return nil }
  Unmanaged<JoinableThread.Payload>.fromOpaque(raw).takeRetainedValue().body()
  return nil
}
