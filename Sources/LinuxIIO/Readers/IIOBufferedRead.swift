/// One running buffered read: its samples, and a way to stop it and to know when the device has
/// been released.
///
/// Ending a read (leaving the loop, cancelling the consuming task, ``stop()``, or a device
/// failure) only *asks* the reader thread to stop: the stream's termination handler must never
/// wait for that thread, because a cancelled task runs it under the runtime's lock on the task,
/// which the thread needs to hand over its next sample. The thread then disables the buffer,
/// puts every attribute back and closes every descriptor within one `poll()` wake-up.
/// ``released()`` is how a caller that must reopen the device, or count descriptors, waits
/// for that.
///
/// ```swift
/// let read = reader.start()
/// for try await sample in read.samples {
///   if done(sample) { break }
/// }
/// await read.released()   // buffer off, attributes restored, /dev/iio:deviceN closed
/// ```
public struct IIOBufferedRead: Sendable {
  /// The samples, in kernel order. Finishes with an ``IIOError`` when the device is removed,
  /// access is denied, or the buffer is busy; after ``stop()`` it finishes normally, once the
  /// device has been released.
  public let samples: AsyncThrowingStream<IIOSample, any Error>

  let wake: WakeSignal?

  /// Asks the reader thread to stop. Returns at once; ``samples`` finishes (and
  /// ``released()`` returns) after the buffer is disabled and the descriptors are closed.
  public func stop() {
    wake?.signal()
  }

  /// Whether the read has ended and released the device and all its descriptors.
  public var isReleased: Bool {
    wake?.isReleased ?? true
  }

  /// Returns once the read has ended and the device is released: buffer disabled, every
  /// attribute restored, every descriptor closed.
  ///
  /// It does not stop the read: call it after leaving the loop over ``samples``, after
  /// cancelling the consuming task, or after ``stop()``, when it returns within a `poll()`
  /// wake-up. It keeps waiting if the calling task is cancelled, so that "released" always
  /// means released.
  public func released() async {
    await wake?.waitUntilReleased()
  }
}
