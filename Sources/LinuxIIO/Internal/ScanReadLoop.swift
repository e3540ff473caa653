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

  /// Reads until the wake signal fires or the consumer goes away; throws on device failure.
  private func readScans(fd: Int32) throws(IIOError) {
    let layout = reader.layout
    let decoder = ScanDecoder(reader: reader, maximumScans: reader.configuration.scansPerRead)
    let path = reader.device.deviceNode
    var buffer = [UInt8](repeating: 0, count: layout.scanSize * reader.configuration.scansPerRead)
    var filled = 0
    var batch = decoder.makeBatch(capacity: reader.configuration.scansPerRead)
    let check = reader.configuration.livenessCheckInterval.components
    let livenessTimeout = Int32(
      clamping: max(1, check.seconds * 1000 + check.attoseconds / 1_000_000_000_000_000))
    // Allocated once: the loop runs once per wake-up, up to thousands of times a second.
    var fds = [
      pollfd(fd: fd, events: Int16(POLLIN), revents: 0),
      pollfd(fd: wake.descriptor, events: Int16(POLLIN), revents: 0),
    ]
    // What the last verdict asked for: read at once (after a pause, when the scans collected
    // may be fewer than the device's watermark, so poll() would not report them), or wait at
    // most this long for the next scans, then read whatever is there.
    var readNow = false
    var within: Duration?
    while true {
      let waited = within
      if readNow {
        readNow = false
      } else {
        fds[0].revents = 0
        fds[1].revents = 0
        within = nil
        let ready = poll(&fds, nfds_t(fds.count), waited.map(Self.milliseconds) ?? livenessTimeout)
        if ready < 0 {
          if errno == EINTR {
            within = waited
            continue
          }
          throw .systemCallFailed(path: path, operation: "poll", errno: errno)
        }
        if ready == 0 && waited == nil {
          // A removed IIO device stops waking its pollers and reports no events at all, so a
          // quiet spell is the moment to check that it still exists.
          guard Sysfs.isDirectory(reader.device.path) else { throw .deviceRemoved(path: path) }
          continue
        }
        if fds[1].revents != 0 { return }
        if fds[0].revents & Int16(POLLNVAL) != 0 { throw .deviceRemoved(path: path) }
      }
      let count = buffer.withUnsafeMutableBytes { raw -> Int in
        guard let base = raw.baseAddress else { return 0 }
        return read(fd, base + filled, raw.count - filled)
      }
      if count < 0 {
        switch errno {
        // Woken without data (another reader took it, a spurious wake-up, a pause or a bounded
        // wait that ended before the next scan): wait for scans as usual.
        case EAGAIN, EWOULDBLOCK, EINTR: continue
        case let code: throw Sysfs.error(code, path: path, operation: "read")
        }
      }
      // A live IIO buffer never reports end of file; EOF means the device node went away.
      if count == 0 { throw .deviceRemoved(path: path) }
      filled += count
      let keepGoing: Bool
      var pause: Duration?
      if let batches {
        buffer.withUnsafeBytes { raw in decoder.decode(raw.prefix(filled), into: &batch) }
        switch batch.count == 0 ? .keepReading : batches(batch) {
        case .keepReading: keepGoing = true
        case .pause(let duration): (keepGoing, pause) = (true, duration)
        case .awaitScans(let duration): (keepGoing, within) = (true, duration)
        case .stop: keepGoing = false
        }
      } else {
        keepGoing = buffer.withUnsafeBytes { raw in
          decoder.deliver(raw.prefix(filled), to: continuation)
        }
      }
      let consumed = (filled / layout.scanSize) * layout.scanSize
      if consumed > 0 && consumed < filled {
        buffer.withUnsafeMutableBytes { raw in
          guard let base = raw.baseAddress else { return }
          memmove(base, base + consumed, filled - consumed)
        }
      }
      filled -= consumed
      if !keepGoing { return }
      if let pause {
        guard WakeableSleep.sleep(pause, unless: wake.descriptor) else { return }
        readNow = true
      }
    }
  }

  /// A bounded wait in poll()'s whole milliseconds, rounded up (at least 1) so that it never
  /// ends before the scan it waits for was due.
  private static func milliseconds(_ duration: Duration) -> Int32 {
    let parts = duration.components
    // Clamped first: no product below can overflow, whatever the verdict said.
    let seconds = min(max(parts.seconds, 0), 86_400)
    let nanoseconds = seconds * 1_000_000_000 + max(parts.attoseconds, 0) / 1_000_000_000
    return Int32(clamping: max(1, (nanoseconds + 999_999) / 1_000_000))
  }
}
