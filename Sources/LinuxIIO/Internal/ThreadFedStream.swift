import SensorsCore

/// A stream fed by a dedicated thread that polls alongside a ``WakeSignal``: what a buffered
/// read and a device watch both are.
enum ThreadFedStream {
  /// Makes the stream and starts `body` on its own thread with the wake signal and the
  /// continuation. Returns the wake signal, nil when the stream already failed (no pipe, no
  /// thread) with an ``IIOError`` naming `path`.
  static func start<Element: Sendable>(
    of _: Element.Type, threadName: String, path: String, bufferingNewest: Int,
    _ body:
      @escaping @Sendable (WakeSignal, AsyncThrowingStream<Element, any Error>.Continuation)
      -> Void
  ) -> (AsyncThrowingStream<Element, any Error>, WakeSignal?) {
    let (stream, continuation) = AsyncThrowingStream.makeStream(
      of: Element.self, bufferingPolicy: .bufferingNewest(bufferingNewest))
    let wake: WakeSignal
    do {
      wake = try WakeSignal()
    } catch {
      continuation.finish(
        throwing: IIOError.systemCallFailed(path: "pipe", operation: "create", errno: error.errno))
      return (stream, nil)
    }
    // Signal only. A cancelled consumer runs this under the runtime's lock on its task, and the
    // thread may at that moment be inside `yield`, waiting for that lock to resume the task:
    // waiting here for the thread would deadlock. The thread tears down on its own.
    continuation.onTermination = { _ in wake.signal() }
    if let code = DetachedThread.start(name: threadName, { body(wake, continuation) }) {
      wake.markDone()
      continuation.finish(
        throwing: IIOError.systemCallFailed(path: path, operation: "pthread_create", errno: code))
      return (stream, nil)
    }
    return (stream, wake)
  }
}
