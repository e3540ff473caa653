/// What a batch handler (``IIOBufferedReader/start(batches:)``) tells the reader's thread after
/// one read's scans.
package enum IIOBatchVerdict: Sendable, Equatable {
  /// Wait for the next scans as usual.
  case keepReading
  /// No consumer needs a scan sooner than this: sleep that long (woken early only to stop),
  /// letting the kernel buffer collect scans, then read them all in one go. The caller bounds
  /// it so the buffer cannot overflow meanwhile.
  case pause(Duration)
  /// Stop the read.
  case stop
}
