import Dispatch
import SensorsCore
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What one socket session observed, delivered from its I/O thread.
enum SessionEvent: Sendable {
  case connected
  case connectFailed(GPSDConnectionError)
  case line(Result<GPSDReport, GPSDDecodingError>)
  case disconnected(GPSDConnectionError)
}

/// One TCP session with gpsd on its own thread: connect, read, frame, decode, deliver.
///
/// A dedicated thread blocks in `poll(2)` on the socket and a wake-up pipe, so no Swift concurrency
/// thread is ever parked on I/O. Only the session thread closes descriptors, after its loop ends, so a
/// descriptor is never closed while another thread may still use it. ``stop()`` wakes the thread and waits
/// for it to close everything (unless called from that thread).
final class SocketSession: Sendable {
  struct Shared {
    var socket: Int32 = -1
    var wakeRead: Int32 = -1
    var wakeWrite: Int32 = -1
    var started = false
    var stopping = false
    var finished = false
    var thread: pthread_t?
  }

  let shared = Mutex(Shared())
  private let finishedSignal = DispatchSemaphore(value: 0)
  let host: String
  let port: UInt16
  let connectTimeout: Duration
  let maximumLineLength: Int

  init(host: String, port: UInt16, connectTimeout: Duration, maximumLineLength: Int) {
    self.host = host
    self.port = port
    self.connectTimeout = connectTimeout
    self.maximumLineLength = maximumLineLength
  }

  /// Starts the I/O thread. `sink` receives every event, in order, on that thread.
  func start(sink: @escaping @Sendable (SessionEvent) -> Void) {
    var pipeEnds: [Int32] = [-1, -1]
    guard pipe(&pipeEnds) == 0 else {
      let code = errno
      shared.withLock { $0.finished = true }
      sink(.connectFailed(.socket(operation: "pipe", errno: code, message: Self.message(code))))
      return
    }
    for end in pipeEnds {
      _ = fcntl(end, F_SETFD, FD_CLOEXEC)
      _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
    }
    let wake = pipeEnds[0]
    shared.withLock {
      $0.wakeRead = pipeEnds[0]
      $0.wakeWrite = pipeEnds[1]
      $0.started = true
    }
    let failure = DetachedThread.start(name: "gpsd \(host):\(port)") { [self] in
      shared.withLock { $0.thread = pthread_self() }
      run(wake: wake, sink: sink)
      shared.withLock { state in
        if state.socket >= 0 { close(state.socket) }
        close(state.wakeRead)
        close(state.wakeWrite)
        state.socket = -1
        state.wakeRead = -1
        state.wakeWrite = -1
        state.finished = true
      }
      finishedSignal.signal()
    }
    if let code = failure {
      shared.withLock { state in
        close(state.wakeRead)
        close(state.wakeWrite)
        state.wakeRead = -1
        state.wakeWrite = -1
        state.finished = true
      }
      finishedSignal.signal()
      sink(
        .connectFailed(
          .socket(operation: "pthread_create", errno: code, message: Self.message(code))))
    }
  }

  /// Sends bytes on the socket without ever raising SIGPIPE; returns the error if the send failed.
  func send(_ text: String) -> GPSDConnectionError? {
    let bytes = Array(text.utf8)
    return shared.withLock { state -> GPSDConnectionError? in
      guard state.socket >= 0, !state.stopping else { return .closedByPeer }
      var offset = 0
      while offset < bytes.count {
        let sent = bytes.withUnsafeBytes { raw -> Int in
          guard let base = raw.baseAddress else { return 0 }
          return Glibc.send(state.socket, base + offset, bytes.count - offset, Int32(MSG_NOSIGNAL))
        }
        if sent >= 0 {
          offset += sent
          continue
        }
        let code = errno
        if code == EINTR { continue }
        if code == EAGAIN || code == EWOULDBLOCK {
          var entry = pollfd(fd: state.socket, events: Int16(POLLOUT), revents: 0)
          _ = poll(&entry, 1, 1000)
          continue
        }
        return code == EPIPE || code == ECONNRESET
          ? .closedByPeer : .socket(operation: "send", errno: code, message: Self.message(code))
      }
      return nil
    }
  }

  /// Ends the session: wakes the thread, which closes the socket; waits until it has (≤ a poll cycle).
  func stop() {
    let mustWait = shared.withLock { state -> Bool in
      guard state.started, !state.finished, !state.stopping else {
        state.stopping = true
        return false
      }
      state.stopping = true
      var byte: UInt8 = 1
      _ = write(state.wakeWrite, &byte, 1)
      if let thread = state.thread, pthread_equal(thread, pthread_self()) != 0 { return false }
      return true
    }
    if mustWait { finishedSignal.wait() }
  }

  static func message(_ code: Int32) -> String {
    String(cString: strerror(code))
  }
}
