#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Turns per-channel raw numbers into an ``IIOSample``: `(raw + offset) × scale`, then the
/// mount matrix on every complete x/y/z triple. Built once per read, used for every sample.
struct SampleAssembler: Sendable {
  struct Rotation: Sendable {
    var matrix: IIOMountMatrix
    var x: Int
    var y: Int
    var z: Int
  }

  let channelIDs: [IIOChannelID]
  let types: [IIOChannelType]
  let axes: [IIOAxis?]
  let offsets: [Double]
  let scales: [Double]
  /// Per value, whether it is already processed (`_input`) and must not be scaled.
  let processed: [Bool]
  let rotations: [Rotation]

  /// - Parameters:
  ///   - channels: the channels in value order, with their repeat counts.
  ///   - processed: which of those values come from `_input` attributes.
  init(channels: [(channel: IIOChannel, repeatCount: Int, processed: Bool)]) {
    var ids: [IIOChannelID] = []
    var types: [IIOChannelType] = []
    var axes: [IIOAxis?] = []
    var offsets: [Double] = []
    var scales: [Double] = []
    var processed: [Bool] = []
    for (channel, count, isProcessed) in channels {
      for _ in 0..<count {
        ids.append(channel.id)
        types.append(channel.type)
        axes.append(count == 1 ? channel.axis : nil)
        offsets.append(channel.offset ?? 0)
        scales.append(channel.scale ?? 1)
        processed.append(isProcessed)
      }
    }
    self.channelIDs = ids
    self.types = types
    self.axes = axes
    self.offsets = offsets
    self.scales = scales
    self.processed = processed
    self.rotations = Self.rotations(channels: channels.map(\.channel), types: types, axes: axes)
  }

  private static func rotations(channels: [IIOChannel], types: [IIOChannelType], axes: [IIOAxis?])
    -> [Rotation]
  {
    var result: [Rotation] = []
    var seen = Set<IIOChannelType>()
    for channel in channels where channel.axis != nil && !seen.contains(channel.type) {
      seen.insert(channel.type)
      guard let matrix = channel.mountMatrix, !matrix.isIdentity else { continue }
      func position(_ axis: IIOAxis) -> Int? {
        types.indices.first { types[$0] == channel.type && axes[$0] == axis }
      }
      guard let x = position(.x), let y = position(.y), let z = position(.z) else { continue }
      result.append(Rotation(matrix: matrix, x: x, y: y, z: z))
    }
    return result
  }

  /// Converts raw values (one per value position) into a sample.
  func sample(raw: UnsafeBufferPointer<Double>, timestamp: IIOTimestamp) -> IIOSample {
    var values = [Double](repeating: 0, count: channelIDs.count)
    values.withUnsafeMutableBufferPointer { convert(raw: raw, into: $0) }
    return IIOSample(
      timestamp: timestamp, channels: channelIDs, values: values, types: types, axes: axes)
  }

  /// Converts raw values (one per value position) in place into `values` (as many).
  func convert(raw: UnsafeBufferPointer<Double>, into values: UnsafeMutableBufferPointer<Double>) {
    for position in 0..<min(values.count, raw.count, processed.count) {
      values[position] =
        processed[position] ? raw[position] : (raw[position] + offsets[position]) * scales[position]
    }
    for rotation in rotations {
      let turned = rotation.matrix.apply(values[rotation.x], values[rotation.y], values[rotation.z])
      values[rotation.x] = turned.x
      values[rotation.y] = turned.y
      values[rotation.z] = turned.z
    }
  }
}

enum BootTime {
  /// Now on CLOCK_BOOTTIME: the clock Core Motion's "seconds since boot" counts on.
  static func now() -> IIOTimestamp {
    var spec = timespec()
    clock_gettime(CLOCK_BOOTTIME, &spec)
    return IIOTimestamp(
      nanoseconds: Int64(spec.tv_sec) * 1_000_000_000 + Int64(spec.tv_nsec), clock: .boottime)
  }
}
