/// One channel of an IIO device: what it measures, along which axis, and how to turn its raw
/// values into the units of ``IIOChannelType/unit``.
///
/// Conversion follows the kernel ABI: a processed `_input` value is used as it is; a `_raw`
/// value (or a buffered scan value) becomes `(raw + offset) × scale`, where `offset` and `scale`
/// come from the most specific attribute present: per channel (`in_accel_x_scale`), per type
/// (`in_accel_scale`), per direction (`in_scale`) or shared by the device (`scale`).
public struct IIOChannel: Hashable, Sendable, Identifiable {
  /// The channel's sysfs prefix, for example `in_accel_x`.
  public var id: IIOChannelID
  /// Input (`in_`) or output (`out_`).
  public var direction: IIOChannelDirection
  /// What the channel measures.
  public var type: IIOChannelType
  /// The channel number for indexed channels (`in_temp0` → 0), nil otherwise.
  public var index: Int?
  /// The modifier or extended name after the type (`x`, `quaternion`, `ir`…), nil if none.
  public var modifier: String?
  /// The multiplier from raw to ``IIOChannelType/unit``, nil when the device gives none (1).
  public var scale: Double?
  /// Added to raw values before scaling, nil when the device gives none (0).
  public var offset: Double?
  /// Whether the channel has a `_raw` attribute to poll.
  public var hasRaw: Bool
  /// Whether the channel has a processed `_input` attribute to poll.
  public var hasInput: Bool
  /// The channel's place in buffered scans, nil when it cannot be buffered.
  public var scanElement: IIOScanElement?
  /// The mount matrix that applies to this channel's type, nil when the device has none.
  public var mountMatrix: IIOMountMatrix?
  /// The channel's sampling frequency in Hz, from its most specific attribute, nil if none.
  public var samplingFrequency: Double?
  /// The sampling frequencies the channel accepts, from its most specific
  /// `sampling_frequency_available` attribute (per channel, per type, or the device's), nil if
  /// none.
  public var availableSamplingFrequencies: IIOSamplingFrequencies?

  /// Creates a channel description; discovery (``IIOSystem``) fills these in from sysfs.
  public init(
    id: IIOChannelID, direction: IIOChannelDirection = .input, type: IIOChannelType,
    index: Int? = nil,
    modifier: String? = nil, scale: Double? = nil, offset: Double? = nil, hasRaw: Bool = true,
    hasInput: Bool = false, scanElement: IIOScanElement? = nil, mountMatrix: IIOMountMatrix? = nil,
    samplingFrequency: Double? = nil, availableSamplingFrequencies: IIOSamplingFrequencies? = nil
  ) {
    self.id = id
    self.direction = direction
    self.type = type
    self.index = index
    self.modifier = modifier
    self.scale = scale
    self.offset = offset
    self.hasRaw = hasRaw
    self.hasInput = hasInput
    self.scanElement = scanElement
    self.mountMatrix = mountMatrix
    self.samplingFrequency = samplingFrequency
    self.availableSamplingFrequencies = availableSamplingFrequencies
  }

  /// The axis for `x`, `y` and `z` modifiers, nil for other channels.
  public var axis: IIOAxis? { modifier.flatMap(IIOAxis.init(rawValue:)) }

  /// Whether the channel can be polled through sysfs.
  public var isPollable: Bool { hasRaw || hasInput }

  /// Converts a raw value (from `_raw` or a buffered scan) to ``IIOChannelType/unit``:
  /// `(raw + offset) × scale`.
  @inlinable
  public func convert(raw: Double) -> Double {
    (raw + (offset ?? 0)) * (scale ?? 1)
  }
}
