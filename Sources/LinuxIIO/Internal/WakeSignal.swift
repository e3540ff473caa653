import Dispatch
import Glibc
import Synchronization

/// Lets the consumer's side stop a reader thread blocked in `poll()`, and wait until the thread
/// has released everything.
///
/// The read end of a non-blocking pipe sits in the thread's poll set; `signal()` writes a byte
/// to make it readable. Both ends are guarded by a mutex so a late `signal()` never writes to a
/// closed (or reused) descriptor.
final class WakeSignal: Sendable {
  private struct Pipe {
    var read: Int32
    var write: Int32
  }

  private let pipe: Mutex<Pipe>
  private let finished = DispatchSemaphore(value: 0)
  private let done = Mutex(false)

  init() throws(IIOError) {
    var ends: [Int32] = [-1, -1]
    // Glibc's module map does not export pipe2, so set the flags after creation.
    guard Glibc.pipe(&ends) == 0 else {
      throw .systemCallFailed(path: "pipe", operation: "create", errno: errno)
    }
    for end in ends {
      _ = fcntl(end, F_SETFD, FD_CLOEXEC)
      _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
    }
    pipe = Mutex(Pipe(read: ends[0], write: ends[1]))
  }

  /// The descriptor to poll for readability; -1 once closed.
  var descriptor: Int32 { pipe.withLock { $0.read } }

  /// Asks the reader thread to stop.
  func signal() {
    pipe.withLock { ends in
      guard ends.write >= 0 else { return }
      var byte: UInt8 = 1
      _ = Glibc.write(ends.write, &byte, 1)
    }
  }

  /// Called by the reader thread once everything else is released, before it finishes the
  /// stream: closes the pipe and lets ``stopAndWait()`` return.
  func markDone() {
    pipe.withLock { ends in
      if ends.read >= 0 { Glibc.close(ends.read) }
      if ends.write >= 0 { Glibc.close(ends.write) }
      ends = Pipe(read: -1, write: -1)
    }
    done.withLock { $0 = true }
    finished.signal()
  }

  /// Stops the thread and waits until it has released its descriptors, so that a consumer
  /// whose loop has ended can count on them being closed. The thread's only blocking point is
  /// `poll()`, which `signal()` wakes, so the wait is short. Returns at once if the thread is
  /// already done (including when the thread itself finished the stream).
  func stopAndWait() {
    guard !done.withLock({ $0 }) else { return }
    signal()
    finished.wait()
    finished.signal()
  }
}
