/// What a batch handler (``IIOBufferedReader/start(batches:)``) tells the reader's thread after
/// one read's scans.
package enum IIOBatchVerdict: Sendable, Equatable {
  /// Wait for the next scans as usual.
  case keepReading
  /// No consumer needs a scan sooner than this: sleep that long, to the nanosecond (woken early
  /// only to stop), letting the kernel buffer collect scans, then read them all in one go. The
  /// caller bounds it so the buffer cannot overflow meanwhile.
  case pause(Duration)
  /// A scan a consumer needs is due but has not come: wait for scans as usual, but at most
  /// this long (rounded up to whole milliseconds), then read whatever is there. A device whose
  /// watermark is above one scan reports no scans to poll() until that many have collected.
  case awaitScans(within: Duration)
  /// Stop the read.
  case stop
}
