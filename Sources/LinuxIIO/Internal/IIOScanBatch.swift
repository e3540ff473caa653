/// One read's scans, decoded into flat arrays the reader's thread reuses from read to read: what
/// ``IIOBufferedReader/start(batches:)`` hands its handler, without an ``IIOSample`` (four
/// arrays) per scan.
///
/// Scan `i`'s values, in the units of their channel types with the mount matrix applied, are
/// `values[i * valuesPerScan ..< (i + 1) * valuesPerScan]`, in the order of ``types`` and
/// ``axes``; its timestamp is `nanoseconds[i]` on ``clock``.
package struct IIOScanBatch: Sendable {
  /// The channel of each value position.
  package let channels: [IIOChannelID]
  /// The channel type of each value position.
  package let types: [IIOChannelType]
  /// The axis of each value position (nil for channels without one).
  package let axes: [IIOAxis?]
  /// The clock the timestamps count on.
  package let clock: IIOTimestampClock
  /// Every scan's values, one scan after another.
  package internal(set) var values: [Double] = []
  /// Every scan's timestamp, in nanoseconds on ``clock``.
  package internal(set) var nanoseconds: [Int64] = []

  init(assembler: SampleAssembler, clock: IIOTimestampClock, capacity: Int) {
    channels = assembler.channelIDs
    types = assembler.types
    axes = assembler.axes
    self.clock = clock
    values.reserveCapacity(capacity * assembler.channelIDs.count)
    nanoseconds.reserveCapacity(capacity)
  }

  /// How many values each scan has.
  package var valuesPerScan: Int { types.count }

  /// How many scans the batch holds.
  package var count: Int { nanoseconds.count }

  /// Scan `index`'s timestamp.
  package func timestamp(at index: Int) -> IIOTimestamp {
    IIOTimestamp(nanoseconds: nanoseconds[index], clock: clock)
  }

  /// Where the x, y and z values of a channel type sit within a scan; nil unless all three are
  /// there. Look it up once per batch, then read ``vector(at:scan:)`` for each scan.
  package func positions(of type: IIOChannelType) -> (x: Int, y: Int, z: Int)? {
    func position(_ axis: IIOAxis) -> Int? {
      types.indices.first { types[$0] == type && axes[$0] == axis }
    }
    guard let x = position(.x), let y = position(.y), let z = position(.z) else { return nil }
    return (x, y, z)
  }

  /// Scan `index`'s vector at `positions` (from ``positions(of:)``).
  package func vector(at positions: (x: Int, y: Int, z: Int), scan index: Int) -> SIMD3<Double> {
    let first = index * valuesPerScan
    return SIMD3(
      values[first + positions.x], values[first + positions.y], values[first + positions.z])
  }

  /// Scan `index` as a sample, as the per-sample stream would have yielded it.
  package func sample(at index: Int) -> IIOSample {
    let first = index * valuesPerScan
    return IIOSample(
      timestamp: timestamp(at: index), channels: channels,
      values: Array(values[first..<first + valuesPerScan]), types: types, axes: axes)
  }

  /// Empties the batch, keeping its storage.
  mutating func removeAll() {
    values.removeAll(keepingCapacity: true)
    nanoseconds.removeAll(keepingCapacity: true)
  }

  /// Appends one scan: `converted` values (``valuesPerScan`` of them) and its timestamp.
  mutating func append(_ converted: UnsafeBufferPointer<Double>, nanoseconds stamp: Int64) {
    values.append(contentsOf: converted)
    nanoseconds.append(stamp)
  }
}
