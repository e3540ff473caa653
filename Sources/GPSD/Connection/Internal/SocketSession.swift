import SensorsCore
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// One TCP session with gpsd on its own thread: connect, send the greeting (the WATCH request),
/// read, frame, decode, deliver.
///
/// A dedicated thread blocks in `poll(2)` on the socket and a ``WakeSignal``, so no Swift
/// concurrency thread is ever parked on I/O. The socket belongs to that thread alone: it opens
/// it, writes and reads it, and closes it when its loop ends, so no lock guards it and no other
/// thread can use a closed descriptor. ``stop()`` only signals (it never waits, so it is safe in a
/// stream's termination handler or on the session thread itself); ``waitUntilReleased()`` awaits
/// the moment the socket and the wake pipe are closed.
final class SocketSession: Sendable {
  let host: String
  let port: UInt16
  let connectTimeout: Duration
  let maximumLineLength: Int
  /// Bytes written as soon as the socket connects, before anything is read.
  let greeting: [UInt8]
  /// Sees every framed line as gpsd sent it (without its line end), before decoding.
  let onLine: (@Sendable (UnsafeRawBufferPointer) -> Void)?
  private let wake: WakeSignal

  init(
    host: String, port: UInt16, connectTimeout: Duration, maximumLineLength: Int, greeting: String,
    onLine: (@Sendable (UnsafeRawBufferPointer) -> Void)? = nil
  ) throws(GPSDConnectionError) {
    self.onLine = onLine
    self.host = host
    self.port = port
    self.connectTimeout = connectTimeout
    self.maximumLineLength = maximumLineLength
    self.greeting = Array(greeting.utf8)
    do {
      wake = try WakeSignal()
    } catch {
      throw .socket(operation: "pipe", errno: error.errno, message: Self.message(error.errno))
    }
  }

  /// Starts the I/O thread. `sink` receives what the session observes, as the connection's
  /// state machine takes it, in order, on that thread. Returns the
  /// error when no thread could be started (the session is then released at once).
  func start(sink: @escaping @Sendable (ConnectionStateMachine.Input) -> Void)
    -> GPSDConnectionError?
  {
    let failure = DetachedThread.start(name: "gpsd \(host):\(port)") { [self] in
      let socket = run(wake: wake.descriptor, sink: sink)
      if let socket { close(socket) }
      wake.markDone()
    }
    guard let code = failure else { return nil }
    wake.markDone()
    return .socket(operation: "pthread_create", errno: code, message: Self.message(code))
  }

  /// Asks the session thread to stop. Never blocks.
  func stop() {
    wake.signal()
  }

  /// Whether the socket and the wake pipe are closed.
  var isReleased: Bool { wake.isReleased }

  /// Returns once the session thread has closed every descriptor (within one `poll()` wake-up
  /// of ``stop()``).
  func waitUntilReleased() async {
    await wake.waitUntilReleased()
  }

  static func message(_ code: Int32) -> String {
    String(cString: strerror(code))
  }
}
