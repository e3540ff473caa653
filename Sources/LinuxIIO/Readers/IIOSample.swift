/// One reading of a set of channels, converted to the units of their types, with the mount
/// matrix applied to every complete x/y/z triple.
///
/// `channels` and `values` run in parallel; a channel whose scan type repeats (a quaternion,
/// `X4`) appears once per value, consecutively.
///
/// ```swift
/// for try await sample in reader.samples() {
///   if let a = sample.vector(.accel) { print(a.x, a.y, a.z, "m/s² at", sample.timestamp.seconds) }
/// }
/// ```
public struct IIOSample: Hashable, Sendable {
  /// When the values were captured.
  public var timestamp: IIOTimestamp
  /// The channel of each value, parallel to ``values``.
  public var channels: [IIOChannelID]
  /// The values, in the unit of their channel's type (``IIOChannelType/unit``).
  public var values: [Double]
  /// The channel types of each value, parallel to ``values``.
  public var types: [IIOChannelType]
  /// The axis of each value (nil for channels without one), parallel to ``values``.
  public var axes: [IIOAxis?]

  /// Creates a sample; readers build these.
  public init(
    timestamp: IIOTimestamp, channels: [IIOChannelID], values: [Double], types: [IIOChannelType],
    axes: [IIOAxis?]
  ) {
    self.timestamp = timestamp
    self.channels = channels
    self.values = values
    self.types = types
    self.axes = axes
  }

  /// The (first) value of a channel, nil if the sample does not include it.
  public subscript(channel: IIOChannelID) -> Double? {
    channels.firstIndex(of: channel).map { values[$0] }
  }

  /// Every value of a channel, in order (four for a quaternion), empty if absent.
  public func values(of channel: IIOChannelID) -> [Double] {
    zip(channels, values).filter { $0.0 == channel }.map(\.1)
  }

  /// The x/y/z vector of a channel type, nil unless the sample has all three axes of it.
  public func vector(_ type: IIOChannelType) -> IIOVector? {
    var x: Double?
    var y: Double?
    var z: Double?
    for position in values.indices where types[position] == type {
      switch axes[position] {
      case .x: x = values[position]
      case .y: y = values[position]
      case .z: z = values[position]
      case nil: break
      }
    }
    guard let x, let y, let z else { return nil }
    return IIOVector(x: x, y: y, z: z)
  }
}
