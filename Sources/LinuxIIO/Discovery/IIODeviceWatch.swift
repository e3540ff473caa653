import SensorsCore

/// One running ``IIODeviceWatcher``: its changes, and a way to stop it and wait until its
/// thread has closed the inotify descriptor.
///
/// Like ``IIOBufferedRead``, ending the watch (cancelling the consuming task, ``stop()``) only
/// asks the thread to stop; ``close()`` waits for it.
public struct IIODeviceWatch: Sendable {
  /// The devices that appeared and vanished, in the order they were seen. Finishes with an
  /// ``IIOError`` when the root itself disappears (``IIOError/rootNotFound(path:)``) or the
  /// watch cannot be set up; after ``stop()`` or ``close()`` it finishes normally.
  public let changes: AsyncThrowingStream<IIODeviceChange, any Error>

  let wake: WakeSignal?

  /// Asks the watching thread to stop, and returns at once.
  public func stop() {
    wake?.signal()
  }

  /// Whether the watch has ended and closed its descriptors.
  public var isReleased: Bool {
    wake?.isReleased ?? true
  }

  /// Stops the watch if it is still running, and returns once its descriptors are closed.
  public func close() async {
    wake?.signal()
    await wake?.waitUntilReleased()
  }
}
