/// Decodes the whole scans of one read into samples: demux them all in one pass, then pick out
/// each scan's timestamp and convert its values.
final class ScanDecoder {
  private let layout: IIOScanLayout
  private let assembler: SampleAssembler
  private let timestampPosition: Int?
  /// Where unsigned 64-bit values sit among a scan's values, and among a sample's: their bit
  /// patterns are reinterpreted so values from 2⁶³ up stay positive.
  private let unsigned64: [(raw: Int, value: Int)]
  private let timestampClock: IIOTimestampClock
  private var raw: [Int64]
  private var values: [Double]
  /// One scan's converted values, reused by every ``decode(_:into:)``.
  private var converted: [Double]

  convenience init(reader: IIOBufferedReader, maximumScans: Int) {
    self.init(
      layout: reader.layout, channels: reader.channels,
      timestampChannel: reader.timestampChannel?.id,
      timestampClock: reader.configuration.timestampClock ?? reader.device.timestampClock,
      maximumScans: maximumScans)
  }

  /// A decoder for scans of `layout` (a local buffer's, or a remote board's over iiod): the
  /// values of `channels` are converted, `timestampChannel`'s stamps each scan on
  /// `timestampClock`.
  init(
    layout: IIOScanLayout, channels: [IIOChannel], timestampChannel: IIOChannelID?,
    timestampClock: IIOTimestampClock, maximumScans: Int
  ) {
    self.layout = layout
    var description: [(channel: IIOChannel, repeatCount: Int, processed: Bool)] = []
    var timestampPosition: Int?
    var position = 0
    for element in layout.elements {
      if element.channel == timestampChannel {
        timestampPosition = position
      } else if let channel = channels.first(where: { $0.id == element.channel }) {
        description.append((channel, element.type.repeatCount, false))
      }
      position += element.type.repeatCount
    }
    assembler = SampleAssembler(channels: description)
    self.timestampPosition = timestampPosition
    unsigned64 = layout.unsigned64Positions.compactMap { raw in
      guard raw != timestampPosition else { return nil }
      return (raw, raw - (timestampPosition.map { $0 < raw ? 1 : 0 } ?? 0))
    }
    self.timestampClock = timestampClock
    raw = [Int64](repeating: 0, count: layout.valueCount * max(1, maximumScans))
    values = [Double](repeating: 0, count: assembler.channelIDs.count)
    converted = values
  }

  /// One sample per whole scan in `bytes` (at most `maximumScans`), in order.
  func samples(in bytes: [UInt8]) -> [IIOSample] {
    var samples: [IIOSample] = []
    bytes.withUnsafeBytes { raw in
      _ = forEachSample(in: raw[...]) { sample in
        samples.append(sample)
        return true
      }
    }
    return samples
  }

  /// Yields one sample per whole scan in `bytes` (at most `maximumScans`); false once the
  /// consumer has gone away.
  func deliver(
    _ bytes: UnsafeRawBufferPointer.SubSequence,
    to continuation: AsyncThrowingStream<IIOSample, any Error>.Continuation
  ) -> Bool {
    forEachSample(in: bytes) { sample in
      if case .terminated = continuation.yield(sample) { return false }
      return true
    }
  }

  /// An empty batch for ``decode(_:into:)``, with room for `capacity` scans.
  func makeBatch(capacity: Int) -> IIOScanBatch {
    IIOScanBatch(assembler: assembler, clock: timestampClock, capacity: capacity)
  }

  /// Decodes every whole scan in `bytes` into `batch`, replacing its contents and keeping its
  /// storage: one read's scans, handed over in one call.
  func decode(_ bytes: UnsafeRawBufferPointer.SubSequence, into batch: inout IIOScanBatch) {
    batch.removeAll()
    converted.withUnsafeMutableBufferPointer { converted in
      _ = forEachScan(in: bytes) { raw, timestamp in
        assembler.convert(raw: raw, into: converted)
        batch.append(UnsafeBufferPointer(converted), nanoseconds: timestamp.nanoseconds)
        return true
      }
    }
  }

  /// Calls `body` with one sample per whole scan in `bytes`, in order, until it returns false;
  /// returns false when it did.
  private func forEachSample(
    in bytes: UnsafeRawBufferPointer.SubSequence, _ body: (IIOSample) -> Bool
  ) -> Bool {
    forEachScan(in: bytes) { raw, timestamp in
      body(assembler.sample(raw: raw, timestamp: timestamp))
    }
  }

  /// Calls `body` with each whole scan's raw values (one per value position, before scale and
  /// mount matrix) and timestamp, in order, until it returns false; returns false when it did.
  private func forEachScan(
    in bytes: UnsafeRawBufferPointer.SubSequence,
    _ body: (UnsafeBufferPointer<Double>, IIOTimestamp) -> Bool
  ) -> Bool {
    let scans = raw.withUnsafeMutableBufferPointer {
      layout.demux(scans: UnsafeRawBufferPointer(rebasing: bytes), into: $0)
    }
    let stride = layout.valueCount
    for scan in 0..<scans {
      let first = scan * stride
      var target = 0
      for position in 0..<stride where position != timestampPosition {
        values[target] = Double(raw[first + position])
        target += 1
      }
      for (raw, value) in unsigned64 {
        values[value] = Double(UInt64(bitPattern: self.raw[first + raw]))
      }
      let timestamp =
        timestampPosition.map { IIOTimestamp(nanoseconds: raw[first + $0], clock: timestampClock) }
        ?? BootTime.now()
      if !values.withUnsafeBufferPointer({ body($0, timestamp) }) { return false }
    }
    return true
  }
}
