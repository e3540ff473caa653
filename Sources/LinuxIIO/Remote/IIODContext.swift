/// A board's IIO devices as iiod describes them (`PRINT`): libiio's context XML, parsed.
///
/// The description names every device, channel and attribute; attribute values are read
/// separately (``IIODClient/readAttribute(device:channel:isOutput:attribute:)``), except in the
/// descriptions libiio saves, which may carry them (``Attribute/value``).
public struct IIODContext: Hashable, Sendable {
  /// One attribute: its libiio name (`raw`, `scale`, `sampling_frequency`) and, when the
  /// description carries one, its value.
  public struct Attribute: Hashable, Sendable {
    /// The name iiod knows it by (`raw`, not `in_accel_x_raw`).
    public var name: String
    /// The sysfs file name, for channel attributes (`in_accel_x_raw`, `in_accel_scale`).
    public var filename: String?
    /// The value, when the description includes it (saved contexts), else nil.
    public var value: String?

    /// Creates an attribute description.
    public init(name: String, filename: String? = nil, value: String? = nil) {
      self.name = name
      self.filename = filename
      self.value = value
    }
  }

  /// A channel's place in buffered scans.
  public struct ScanElement: Hashable, Sendable {
    /// The scan index, which is also the channel's bit in a buffer's channel mask.
    public var index: Int
    /// The storage format, as the kernel's `_type` attribute (`le:s16/16>>0`).
    public var format: IIOScanType

    /// Creates a scan element description.
    public init(index: Int, format: IIOScanType) {
      self.index = index
      self.format = format
    }
  }

  /// One channel of a device.
  public struct Channel: Hashable, Sendable {
    /// The channel id without direction, as iiod names it (`accel_x`, `temp0`, `timestamp`).
    public var id: String
    /// Whether it is an output channel.
    public var isOutput: Bool
    /// The extended name, if any.
    public var name: String?
    /// Its scan element, nil when it cannot be buffered.
    public var scanElement: ScanElement?
    /// Its attributes, in document order.
    public var attributes: [Attribute]

    /// Creates a channel description.
    public init(
      id: String, isOutput: Bool, name: String? = nil, scanElement: ScanElement? = nil,
      attributes: [Attribute] = []
    ) {
      self.id = id
      self.isOutput = isOutput
      self.name = name
      self.scanElement = scanElement
      self.attributes = attributes
    }

    /// The attribute named `name`, nil if the channel has none.
    public func attribute(_ name: String) -> Attribute? {
      attributes.first { $0.name == name }
    }
  }

  /// One device (or trigger) of the board.
  public struct Device: Hashable, Sendable {
    /// `iio:deviceN` or `triggerN`.
    public var id: String
    /// The driver's name (`adis16480`), nil if the description gives none.
    public var name: String?
    /// The firmware label, nil if none.
    public var label: String?
    /// The channels, in document order.
    public var channels: [Channel]
    /// The device attributes (`sampling_frequency`, `current_timestamp_clock`).
    public var attributes: [Attribute]
    /// The buffer attributes (`data_available`, `length`…).
    public var bufferAttributes: [Attribute]

    /// Creates a device description.
    public init(
      id: String, name: String? = nil, label: String? = nil, channels: [Channel] = [],
      attributes: [Attribute] = [], bufferAttributes: [Attribute] = []
    ) {
      self.id = id
      self.name = name
      self.label = label
      self.channels = channels
      self.attributes = attributes
      self.bufferAttributes = bufferAttributes
    }

    /// The device attribute named `name`, nil if absent.
    public func attribute(_ name: String) -> Attribute? {
      attributes.first { $0.name == name }
    }

    /// The input channel with this id, nil if absent.
    public func inputChannel(_ id: String) -> Channel? {
      channels.first { $0.id == id && !$0.isOutput }
    }
  }

  /// The context's name (`local`, `network`).
  public var name: String
  /// The free-text description (kernel version, board).
  public var description: String?
  /// The context attributes (`hw_model`, `local,kernel`, `uri`…) as name and value.
  public var attributes: [Attribute]
  /// The devices and triggers, in document order.
  public var devices: [Device]

  /// Creates a context description.
  public init(
    name: String, description: String? = nil, attributes: [Attribute] = [],
    devices: [Device] = []
  ) {
    self.name = name
    self.description = description
    self.attributes = attributes
    self.devices = devices
  }

  /// Parses libiio's context XML (what `PRINT` returns, or a saved `.xml` context).
  ///
  /// - Throws: ``IIODError/malformedContext(server:detail:)`` naming what is wrong.
  public init(xml bytes: some Collection<UInt8>, server: String = "a saved context")
    throws(IIODError)
  {
    do {
      self = try IIODContextParser.parse(Array(bytes))
    } catch {
      throw .malformedContext(server: server, detail: error.detail)
    }
  }

  /// The device with this id, nil if absent.
  public func device(_ id: String) -> Device? {
    devices.first { $0.id == id }
  }
}
