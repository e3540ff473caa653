import Glibc

/// The body of a buffered reader's thread: set up, read scans with `poll()` until told to stop
/// or the device fails, then tear down and finish the stream.
struct ScanReadLoop: Sendable {
  let reader: IIOBufferedReader
  let wake: WakeSignal
  let continuation: AsyncThrowingStream<IIOSample, any Error>.Continuation

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
      try session.enable()
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
    let decoder = ScanDecoder(reader: reader)
    let path = reader.device.deviceNode
    var buffer = [UInt8](repeating: 0, count: layout.scanSize * reader.configuration.scansPerRead)
    var filled = 0
    while true {
      var fds = [
        pollfd(fd: fd, events: Int16(POLLIN), revents: 0),
        pollfd(fd: wake.descriptor, events: Int16(POLLIN), revents: 0),
      ]
      let ready = poll(&fds, nfds_t(fds.count), -1)
      if ready < 0 {
        if errno == EINTR { continue }
        throw .systemCallFailed(path: path, operation: "poll", errno: errno)
      }
      if fds[1].revents != 0 { return }
      if fds[0].revents & Int16(POLLNVAL) != 0 { throw .deviceRemoved(path: path) }
      let count = buffer.withUnsafeMutableBytes { raw -> Int in
        guard let base = raw.baseAddress else { return 0 }
        return read(fd, base + filled, raw.count - filled)
      }
      if count < 0 {
        switch errno {
        // Woken without data (another reader took it, or a spurious wake-up): poll again.
        case EAGAIN, EWOULDBLOCK, EINTR: continue
        case let code: throw Sysfs.error(code, path: path, operation: "read")
        }
      }
      // A live IIO buffer never reports end of file; EOF means the device node went away.
      if count == 0 { throw .deviceRemoved(path: path) }
      filled += count
      let keepGoing = buffer.withUnsafeBytes { raw in
        decoder.deliver(raw.prefix(filled), to: continuation)
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
    }
  }
}

/// Decodes whole scans into samples: demux, pick out the timestamp, convert.
final class ScanDecoder {
  private let layout: IIOScanLayout
  private let assembler: SampleAssembler
  private let timestampPosition: Int?
  private let timestampClock: IIOTimestampClock
  private var raw: [Int64]
  private var values: [Double]

  init(reader: IIOBufferedReader) {
    layout = reader.layout
    var description: [(channel: IIOChannel, repeatCount: Int, processed: Bool)] = []
    var timestampPosition: Int?
    var position = 0
    for element in layout.elements {
      if element.channel == reader.timestampChannel?.id {
        timestampPosition = position
      } else if let channel = reader.channels.first(where: { $0.id == element.channel }) {
        description.append((channel, element.type.repeatCount, false))
      }
      position += element.type.repeatCount
    }
    assembler = SampleAssembler(channels: description)
    self.timestampPosition = timestampPosition
    timestampClock = reader.configuration.timestampClock ?? reader.device.timestampClock
    raw = [Int64](repeating: 0, count: layout.valueCount)
    values = [Double](repeating: 0, count: assembler.channelIDs.count)
  }

  /// Yields one sample per whole scan in `bytes`; false once the consumer has gone away.
  func deliver(
    _ bytes: UnsafeRawBufferPointer.SubSequence,
    to continuation: AsyncThrowingStream<IIOSample, any Error>.Continuation
  ) -> Bool {
    let whole = UnsafeRawBufferPointer(rebasing: bytes)
    var offset = 0
    while whole.count - offset >= layout.scanSize {
      let scan = UnsafeRawBufferPointer(rebasing: whole[offset..<(offset + layout.scanSize)])
      raw.withUnsafeMutableBufferPointer { _ = layout.demux(scan, into: $0) }
      var target = 0
      for position in raw.indices where position != timestampPosition {
        values[target] = Double(raw[position])
        target += 1
      }
      let timestamp =
        timestampPosition.map { IIOTimestamp(nanoseconds: raw[$0], clock: timestampClock) }
        ?? BootTime.now()
      let sample = values.withUnsafeBufferPointer {
        assembler.sample(raw: $0, timestamp: timestamp)
      }
      if case .terminated = continuation.yield(sample) { return false }
      offset += layout.scanSize
    }
    return true
  }
}
