extension IIODClient {
  /// The board's IIO devices as ``IIODevice`` values, so that everything written for local
  /// devices (routing, conversion, the scan layout) serves remote ones: the context (`PRINT`),
  /// then each channel's `scale`, `offset` and mount matrix and each device's sampling frequency
  /// and timestamp clock (`READ`, unless the description carries the values).
  ///
  /// A device's `path` and `deviceNode` read `host:port/iio:deviceN`; its scan elements have no
  /// directory. A device whose attribute is malformed is listed in ``IIODiscovery/skipped``
  /// with the ``IIOError`` naming it; triggers are listed without channels.
  ///
  /// - Throws: ``IIODError`` when the link fails; an errno reply for one attribute only makes it
  ///   absent.
  public func discover() async throws(IIODError) -> IIODiscovery {
    let context = try await context()
    var devices: [IIODevice] = []
    var skipped: [IIODiscovery.Skipped] = []
    var triggers: [IIOTrigger] = []
    for description in context.devices {
      let path = address.description + "/" + description.id
      if description.id.hasPrefix("trigger") {
        if let index = Int(description.id.dropFirst("trigger".count)) {
          triggers.append(
            IIOTrigger(index: index, name: description.name ?? description.id, path: path))
        }
        continue
      }
      guard description.id.hasPrefix("iio:device"),
        let index = Int(description.id.dropFirst("iio:device".count))
      else { continue }
      do {
        devices.append(try await device(description, index: index, path: path))
      } catch let error as IIODError {
        throw error
      } catch let error as IIOError {
        skipped.append(IIODiscovery.Skipped(id: description.id, path: path, error: error))
      } catch {
        continue
      }
    }
    return IIODiscovery(
      root: address.description, devices: devices, skipped: skipped, triggers: triggers)
  }

  private func device(_ description: IIODContext.Device, index: Int, path: String) async throws
    -> IIODevice
  {
    var channels: [IIOChannel] = []
    for channel in description.channels {
      let direction = channel.isOutput ? "out_" : "in_"
      guard let name = ChannelName.parse(direction + channel.id) else { continue }
      channels.append(try await self.channel(channel, name, description, path))
    }
    let clock = try await value(
      description.id, nil, description.attribute("current_timestamp_clock"))
    let frequency = try await value(
      description.id, nil, description.attribute("sampling_frequency"))
    let available = try await value(
      description.id, nil, description.attribute("sampling_frequency_available"))
    return IIODevice(
      index: index, name: description.name ?? description.id, label: description.label, path: path,
      deviceNode: path, channels: channels.sorted { $0.id < $1.id },
      samplingFrequency: try frequency.map {
        try AttributeValue.number($0, path: path + "/sampling_frequency")
      },
      availableSamplingFrequencies: try available.map {
        try IIOSamplingFrequencies(parsing: $0, path: path + "/sampling_frequency_available")
      },
      timestampClock: clock.map { IIOTimestampClock(rawValue: $0.trimmingASCIIWhitespace()) }
        ?? .realtime,
      buffer: description.channels.contains { $0.scanElement != nil }
        ? IIOBufferInfo(directory: path, length: nil, watermark: nil, isEnabled: false) : nil)
  }

  private func channel(
    _ channel: IIODContext.Channel, _ name: ChannelName, _ device: IIODContext.Device,
    _ path: String
  ) async throws -> IIOChannel {
    let id = IIOChannelID(rawValue: (channel.isOutput ? "out_" : "in_") + channel.id)
    func read(_ attribute: String) async throws(IIODError) -> String? {
      try await value(device.id, channel, channel.attribute(attribute))
    }
    func number(_ attribute: String) async throws -> Double? {
      let file = channel.attribute(attribute)?.filename ?? id.rawValue + "_" + attribute
      return try await read(attribute).map {
        try AttributeValue.number($0, path: path + "/" + file)
      }
    }
    var matrix = try await read("mount_matrix")
    if matrix == nil {
      let shared = device.attribute("mount_matrix") ?? device.attribute("in_mount_matrix")
      matrix = try await value(device.id, nil, shared)
    }
    let available = try await read("sampling_frequency_available")
    return IIOChannel(
      id: id, direction: name.direction, type: name.type, index: name.index,
      modifier: name.modifier, scale: try await number("scale"), offset: try await number("offset"),
      hasRaw: channel.attribute("raw") != nil, hasInput: channel.attribute("input") != nil,
      scanElement: channel.scanElement.map {
        IIOScanElement(index: $0.index, type: $0.format, isEnabled: false, directory: path)
      },
      mountMatrix: try matrix.map {
        try IIOMountMatrix(parsing: $0, path: path + "/" + id.rawValue + "_mount_matrix")
      },
      samplingFrequency: try await number("sampling_frequency"),
      availableSamplingFrequencies: try available.map {
        try IIOSamplingFrequencies(parsing: $0, path: path + "/sampling_frequency_available")
      })
  }

  /// The attribute's value: from the description when it carries one, else read; nil when
  /// the attribute is absent or the board answers it with an errno.
  private func value(
    _ device: String, _ channel: IIODContext.Channel?, _ attribute: IIODContext.Attribute?
  ) async throws(IIODError) -> String? {
    guard let attribute else { return nil }
    if let value = attribute.value { return value }
    do {
      return try await readAttribute(
        device: device, channel: channel?.id, isOutput: channel?.isOutput ?? false,
        attribute: attribute.name)
    } catch .remoteError {
      return nil
    }
  }
}
