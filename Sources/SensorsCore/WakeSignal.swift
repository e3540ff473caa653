import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Lets the consumer's side stop a reader thread blocked in `poll()`, and lets anyone await the
/// moment the thread has released everything. Shared by LinuxIIO's buffered reads and GPSD's
/// socket sessions.
///
/// The read end of a non-blocking pipe sits in the thread's poll set; `signal()` writes a byte
/// to make it readable. Both ends are guarded by a mutex so a late `signal()` never writes to a
/// closed (or reused) descriptor. Nothing here blocks for the thread: `signal()` is safe in a
/// stream's termination handler, and waiting is `async` (``waitUntilReleased()``).
package final class WakeSignal: Sendable {
  private struct Pipe {
    var read: Int32
    var write: Int32
  }

  private struct Release {
    var done = false
    var waiters: [CheckedContinuation<Void, Never>] = []
  }

  private let pipeEnds: Mutex<Pipe>
  private let release = Mutex(Release())

  /// Creating the pipe failed; `errno` is the system's code (EMFILE, ENFILE…).
  package struct PipeFailure: Error, Sendable {
    package let errno: Int32
  }

  package init() throws(PipeFailure) {
    var ends: [Int32] = [-1, -1]
    // Glibc's module map does not export pipe2, so set the flags after creation.
    guard pipe(&ends) == 0 else { throw PipeFailure(errno: errno) }
    for end in ends {
      _ = fcntl(end, F_SETFD, FD_CLOEXEC)
      _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
    }
    pipeEnds = Mutex(Pipe(read: ends[0], write: ends[1]))
  }

  /// The descriptor to poll for readability; -1 once closed.
  package var descriptor: Int32 { pipeEnds.withLock { $0.read } }

  /// Asks the reader thread to stop. Never blocks (the pipe is non-blocking, and a full pipe
  /// already holds a wake-up); does nothing once the thread is done.
  package func signal() {
    pipeEnds.withLock { ends in
      guard ends.write >= 0 else { return }
      var byte: UInt8 = 1
      _ = write(ends.write, &byte, 1)
    }
  }

  /// Whether the thread has released everything.
  package var isReleased: Bool { release.withLock { $0.done } }

  /// Called by the reader thread once everything else is released, before it finishes the
  /// stream: closes the pipe and resumes every ``waitUntilReleased()``.
  package func markDone() {
    pipeEnds.withLock { ends in
      if ends.read >= 0 { close(ends.read) }
      if ends.write >= 0 { close(ends.write) }
      ends = Pipe(read: -1, write: -1)
    }
    let waiters = release.withLock { state in
      state.done = true
      defer { state.waiters = [] }
      return state.waiters
    }
    // Resumed outside the lock: resuming takes the runtime's lock on each waiting task.
    for waiter in waiters { waiter.resume() }
  }

  /// Returns once ``markDone()`` has run. Not cancellable on purpose: a caller about to reopen
  /// the device must not go ahead while it is still held; once signalled, the wait is one
  /// `poll()` wake-up plus the sysfs writes that put the device back.
  package func waitUntilReleased() async {
    await withCheckedContinuation { (waiter: CheckedContinuation<Void, Never>) in
      let ready = release.withLock { state -> Bool in
        guard !state.done else { return true }
        state.waiters.append(waiter)
        return false
      }
      if ready { waiter.resume() }
    }
  }
}
