#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Starts operating-system threads for the blocking loops of the layer-0 modules (an IIO buffer's
/// read loop, a gpsd socket session) without Foundation's `Thread`.
///
/// The thread is detached: nobody joins it. Its owner learns that it ended from the loop itself
/// (each loop signals its own release), so nothing ever blocks waiting for a thread to exit.
package enum DetachedThread {
  /// Runs `body` on a new detached thread named `name` (truncated to the 15 bytes Linux keeps).
  ///
  /// - Returns: nil when the thread could not be created, with the `errno`-style code from
  ///   `pthread_create`, so the caller can report it as a typed error instead of trapping.
  package static func start(name: String, _ body: @escaping @Sendable () -> Void) -> Int32? {
    let box = Unmanaged.passRetained(Payload(name: name, body: body)).toOpaque()
    var attributes = pthread_attr_t()
    pthread_attr_init(&attributes)
    defer { pthread_attr_destroy(&attributes) }
    pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
    var thread = pthread_t()
    let code = pthread_create(&thread, &attributes, detachedThreadEntry, box)
    if code != 0 {
      Unmanaged<Payload>.fromOpaque(box).release()
      return code
    }
    return nil
  }

  /// Names the calling thread (as `top -H` and debuggers show it) through procfs; Linux keeps
  /// 15 bytes. Best effort: a missing /proc leaves the thread unnamed.
  fileprivate static func nameCurrentThread(_ name: String) {
    let fd = open("/proc/thread-self/comm", O_WRONLY | O_CLOEXEC)
    guard fd >= 0 else { return }
    defer { close(fd) }
    let bytes = Array(name.utf8.prefix(15))
    _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
  }

  fileprivate final class Payload: Sendable {
    let name: String
    let body: @Sendable () -> Void
    init(name: String, body: @escaping @Sendable () -> Void) {
      self.name = name
      self.body = body
    }
  }
}

/// The C entry point of every ``DetachedThread``: takes back the retained payload, names the
/// thread and runs the body.
private func detachedThreadEntry(_ raw: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? {
  guard let raw else { return nil }
  let payload = Unmanaged<DetachedThread.Payload>.fromOpaque(raw).takeRetainedValue()
  DetachedThread.nameCurrentThread(payload.name)
  payload.body()
  return nil
}
