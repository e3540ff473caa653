import SensorsCore

/// One running buffered read: its samples, and a way to stop it and wait until the device has
/// been released.
///
/// Ending a read (cancelling the consuming task, ``stop()``, a device failure) only *asks* the
/// reader thread to stop: the stream's termination handler must never wait for that thread,
/// because a cancelled task runs it under the runtime's lock on the task, which the thread needs
/// to hand over its next sample. The thread then disables the buffer, puts every attribute back
/// and closes every descriptor within one `poll()` wake-up. ``close()`` is how a caller that
/// must reopen the device, or count descriptors, waits for that.
///
/// Holding this value keeps ``samples`` alive, so leaving the loop with `break` does not end the
/// read by itself: call ``close()`` (or ``stop()``) after the loop.
///
/// ```swift
/// let read = reader.start()
/// for try await sample in read.samples {
///   if done(sample) { break }
/// }
/// await read.close()   // buffer off, attributes restored, /dev/iio:deviceN closed
/// ```
public struct IIOBufferedRead: Sendable {
  /// The samples, in kernel order. Finishes with an ``IIOError`` when the device is removed,
  /// access is denied, or the buffer is busy; after ``stop()`` or ``close()`` it finishes
  /// normally, once the device has been released.
  public let samples: AsyncThrowingStream<IIOSample, any Error>

  let wake: WakeSignal?

  /// Asks the reader thread to stop, and returns at once (safe anywhere, a termination handler
  /// included). ``samples`` finishes after the buffer is disabled and the descriptors closed.
  public func stop() {
    wake?.signal()
  }

  /// Whether the read has ended and released the device and all its descriptors.
  public var isReleased: Bool {
    wake?.isReleased ?? true
  }

  /// Stops the read if it is still running, and returns once the device is released: buffer
  /// disabled, every attribute restored, every descriptor closed (within one `poll()` wake-up
  /// and the sysfs writes that put the device back).
  ///
  /// It keeps waiting if the calling task is cancelled, so that returning always means
  /// released: a caller about to reopen the device must not find it busy.
  public func close() async {
    wake?.signal()
    await wake?.waitUntilReleased()
  }
}
