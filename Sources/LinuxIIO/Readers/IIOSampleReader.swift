/// A source of samples from one IIO device: ``IIOPollingReader`` or ``IIOBufferedReader``.
///
/// Each call to ``samples()`` starts an independent read that runs until the consumer stops
/// iterating (or cancels its task), the reader hits an error, or the device goes away. Ending
/// in any of these ways releases every file descriptor the read opened and, for buffered reads,
/// disables the buffer again: promptly, though a buffered read does it on its own thread after
/// the consumer has left (``IIOBufferedReader/start()`` returns a read whose
/// ``IIOBufferedRead/close()`` waits for it).
public protocol IIOSampleReader: Sendable {
  /// The device read.
  var device: IIODevice { get }
  /// The channels each sample contains, in sample order.
  var channels: [IIOChannel] { get }
  /// Starts reading. The stream is bounded: when the consumer falls behind, the oldest
  /// samples are dropped (see the reader's `bufferingNewest`). It finishes with an
  /// ``IIOError`` on failure.
  func samples() -> AsyncThrowingStream<IIOSample, any Error>
}
