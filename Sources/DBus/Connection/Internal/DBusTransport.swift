import SensorsCore
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// What the transport's thread observed, delivered in order from that thread.
enum TransportEvent: Sendable {
  /// Connected and authenticated; messages may flow.
  case authenticated
  /// One whole message arrived.
  case message(DBusMessage)
  /// The transport ended: the peer closed, the protocol broke, or a system call failed.
  case ended(DBusError)
}

/// One unix-socket connection to a bus on its own thread: connect, `EXTERNAL` authentication,
/// then framed messages both ways.
///
/// The thread blocks in `poll(2)` on the socket and two ``WakeSignal``s: `stop` ends it, `kick`
/// says the outbox has bytes. The socket belongs to the thread alone (it opens, reads, writes
/// and closes it), so no lock guards it; callers only append to the outbox and signal.
final class DBusTransport: Sendable {
  let address: DBusAddress
  let maximumMessageLength: Int
  let stopSignal: WakeSignal
  let kick: WakeSignal
  /// Bytes waiting to be written, in order; nil once the thread has ended.
  let outbox = Mutex<[UInt8]?>([])

  init(address: DBusAddress, maximumMessageLength: Int) throws(DBusError) {
    self.address = address
    self.maximumMessageLength = maximumMessageLength
    do {
      stopSignal = try WakeSignal()
      kick = try WakeSignal()
    } catch {
      throw .system(operation: "pipe", errno: error.errno, reason: Self.reason(error.errno))
    }
  }

  /// Starts the thread; `sink` receives every event on it. Returns an error when no thread could
  /// be started.
  func start(sink: @escaping @Sendable (TransportEvent) -> Void) -> DBusError? {
    let failure = DetachedThread.start(name: "dbus \(address.path)") { [self] in
      let ending = run(sink: sink)
      outbox.withLock { $0 = nil }
      kick.markDone()
      stopSignal.markDone()
      sink(.ended(ending))
    }
    guard let code = failure else { return nil }
    outbox.withLock { $0 = nil }
    kick.markDone()
    stopSignal.markDone()
    return .system(operation: "pthread_create", errno: code, reason: Self.reason(code))
  }

  /// Queues `bytes` for the thread to write. False when the transport has ended.
  func send(_ bytes: [UInt8]) -> Bool {
    let queued = outbox.withLock { outbox -> Bool in
      guard outbox != nil else { return false }
      outbox?.append(contentsOf: bytes)
      return true
    }
    if queued { kick.signal() }
    return queued
  }

  /// Asks the thread to close the socket and end. Never blocks.
  func stop() { stopSignal.signal() }

  /// Returns once the thread has closed every descriptor.
  func waitUntilReleased() async { await stopSignal.waitUntilReleased() }

  static func reason(_ code: Int32) -> String { String(cString: strerror(code)) }
}
