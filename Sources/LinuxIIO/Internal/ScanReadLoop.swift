import SensorsCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The body of a buffered reader's thread: set up, read scans with `poll()` until told to stop
/// or the device fails, then tear down and finish the stream.
struct ScanReadLoop: Sendable {
  let reader: IIOBufferedReader
  let wake: WakeSignal
  let continuation: AsyncThrowingStream<IIOSample, any Error>.Continuation
  /// When set, each read's scans go to this handler, called on the reader's thread, in one
  /// call (its verdict: keep reading, pause, stop), and `continuation` only finishes; otherwise each
  /// sample is yielded to `continuation`.
  var batches: (@Sendable (IIOScanBatch) -> IIOBatchVerdict)? = nil

  func run() {
    var session: BufferSession
    var fd: Int32 = -1
    var failure: IIOError?
    do {
      session = try BufferSession(device: reader.device)
    } catch {
      finish(failure: error)
      return
    }
    do throws(IIOError) {
      let trigger = try reader.resolvedTrigger()
      // Open before touching sysfs: a missing node or denied access fails with nothing to undo.
      fd = open(reader.device.deviceNode, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
      guard fd >= 0 else { throw Self.openError(errno, device: reader.device) }
      let elements = reader.channels + (reader.timestampChannel.map { [$0] } ?? [])
      try session.start(elements: elements, configuration: reader.configuration, trigger: trigger)
      try session.enable(trigger: trigger)
      try readScans(fd: fd)
    } catch {
      failure = error
    }
    session.restore()
    if fd >= 0 { close(fd) }
    finish(failure: failure)
  }

  private static func openError(_ code: Int32, device: IIODevice) -> IIOError {
    guard code == ENOENT else {
      return Sysfs.error(code, path: device.deviceNode, operation: "open")
    }
    return .bufferUnsupported(
      device: device.name,
      reason:
        "its character device \(device.deviceNode) does not exist (is udev running, or /dev mounted?)"
    )
  }

  private func finish(failure: IIOError?) {
    wake.markDone()
    if let failure { continuation.finish(throwing: failure) } else { continuation.finish() }
  }

  /// What the loop does next, as the last read asked.
  private enum NextRead {
    /// Wait for scans: at most `within`, then read whatever is there; without a bound, until
    /// the device reports scans, checking that it still exists after each quiet spell.
    case await(within: Duration?)
    /// Read at once: after a pause, the scans collected may be fewer than the device's
    /// watermark, so poll() would not report them.
    case readNow
    case stop
  }

  /// What a wait for scans ended with.
  private enum Arrival {
    case scans
    /// A quiet spell, and the device is still there: wait again.
    case quiet
    /// The wake signal fired.
    case stop
  }

  /// Reads until the wake signal fires or the consumer goes away; throws on device failure.
  private func readScans(fd: Int32) throws(IIOError) {
    let scansPerRead = reader.configuration.scansPerRead
    let decoder = ScanDecoder(reader: reader, maximumScans: scansPerRead)
    var pending = PendingScans(
      fd: fd, path: reader.device.deviceNode, scanSize: reader.layout.scanSize,
      capacity: scansPerRead)
    var batch = decoder.makeBatch(capacity: scansPerRead)
    // Built once: the loop runs once per wake-up, up to thousands of times a second.
    var polls = PollSet()
    polls.add(fd, events: POLLIN)
    polls.add(wake.descriptor, events: POLLIN)
    var next = NextRead.await(within: nil)
    while true {
      if case .await(let within) = next {
        switch try awaitScans(&polls, within: within) {
        case .stop: return
        case .quiet: continue
        case .scans: break
        }
      }
      // Woken without data (another reader took it, a spurious wake-up, a pause or a bounded
      // wait that ended before the next scan): wait for scans as usual.
      guard try pending.fill() else {
        next = .await(within: nil)
        continue
      }
      let verdict = deliver(pending, decoder, into: &batch)
      pending.dropWholeScans()
      next = self.next(after: verdict)
      if case .stop = next { return }
    }
  }

  /// Waits for the device (index 0 of `polls`) or the wake signal (index 1).
  private func awaitScans(_ polls: inout PollSet, within: Duration?) throws(IIOError) -> Arrival {
    let path = reader.device.deviceNode
    switch polls.wait(timeout: within ?? reader.configuration.livenessCheckInterval) {
    case .failed(let code):
      throw .systemCallFailed(path: path, operation: "poll", errno: code)
    case .timedOut:
      // A bounded wait that ended reads whatever is there.
      guard within == nil else { return .scans }
      // A removed IIO device stops waking its pollers and reports no events at all, so a
      // quiet spell is the moment to check that it still exists.
      guard Sysfs.isDirectory(reader.device.path) else { throw .deviceRemoved(path: path) }
      return .quiet
    case .ready:
      if polls.isReady(1) { return .stop }
      if polls.events(at: 0) & Int32(POLLNVAL) != 0 { throw .deviceRemoved(path: path) }
      return .scans
    }
  }

  /// Hands the whole scans read to the batch handler, or yields them one sample at a time to
  /// the stream; the handler's verdict, or whether the stream's consumer is still there.
  private func deliver(
    _ pending: PendingScans, _ decoder: ScanDecoder, into batch: inout IIOScanBatch
  ) -> IIOBatchVerdict {
    guard let batches else {
      return pending.withBytes { decoder.deliver($0, to: continuation) } ? .keepReading : .stop
    }
    pending.withBytes { decoder.decode($0, into: &batch) }
    return batch.count == 0 ? .keepReading : batches(batch)
  }

  /// What a verdict asks the loop to do next; a pause sleeps here, ended early only to stop.
  private func next(after verdict: IIOBatchVerdict) -> NextRead {
    switch verdict {
    case .keepReading: return .await(within: nil)
    case .awaitScans(let within): return .await(within: within)
    case .stop: return .stop
    case .pause(let duration):
      return WakeableSleep.sleep(duration, unless: wake.descriptor) ? .readNow : .stop
    }
  }
}
