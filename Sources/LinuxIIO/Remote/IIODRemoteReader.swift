/// Reads channels of a remote board's device through an ``IIODClient``: by polling their
/// attributes (``poll()``), or by streaming the device's buffer (``openBuffer(scans:)``,
/// ``readScans(_:)``, ``closeBuffer()``). Values are converted as a local reader converts them
/// (`(raw + offset) × scale`, then the mount matrix), using the same scan layout and demux.
///
/// ```swift
/// let board = try IIODClient(address: IIODAddress(parsing: "board.local"))
/// let device = try await board.discover().devices[0]
/// let reader = try IIODRemoteReader(client: board, device: device, channels: device.channels(ofType: .accel))
/// let sample = try await reader.poll()
/// ```
///
/// One reader is used by one task at a time. Errors are ``IIOError``: the link's as
/// ``IIOError/remote(_:)``; a device the board no longer has (`ENODEV`) as
/// ``IIOError/deviceRemoved(path:)``; an unparsable value as
/// ``IIOError/malformedAttribute(path:value:expected:)``.
public final class IIODRemoteReader: Sendable {
  /// The connection used.
  public let client: IIODClient
  /// The device read (from ``IIODClient/discover()``).
  public let device: IIODevice
  /// The channels each sample contains, in sample order.
  public let channels: [IIOChannel]
  private let layout: IIOScanLayout?
  private let timestamp: IIOChannel?
  private let polled: SampleAssembler

  /// Creates a reader; nothing is sent until a read.
  ///
  /// - Throws: ``IIOError/noChannelsSelected(device:)`` for an empty list,
  ///   ``IIOError/unknownScanType(path:value:)`` when two scan elements share an index.
  public init(client: IIODClient, device: IIODevice, channels: [IIOChannel]) throws(IIOError) {
    guard !channels.isEmpty else { throw .noChannelsSelected(device: device.name) }
    self.client = client
    self.device = device
    self.channels = channels
    let timestamp = device.channel("in_timestamp").flatMap { $0.scanElement == nil ? nil : $0 }
    self.timestamp = timestamp
    let streamed = channels + (timestamp.map { [$0] } ?? [])
    if device.supportsBufferedReading(of: channels) {
      layout = try IIOScanLayout(
        elements: streamed.compactMap { channel in channel.scanElement.map { (channel.id, $0) } })
    } else {
      layout = nil
    }
    polled = SampleAssembler(channels: channels.map { ($0, 1, $0.hasInput) })
  }

  /// Bytes per buffered scan, nil when the channels cannot be streamed.
  public var scanSize: Int? { layout?.scanSize }

  /// Reads every channel's `input` (else `raw`) attribute once, now, stamped on `boottime`
  /// when the last value arrived.
  public func poll() async throws(IIOError) -> IIOSample {
    var raw: [Double] = []
    raw.reserveCapacity(channels.count)
    for channel in channels {
      let attribute = channel.hasInput ? "input" : "raw"
      let text = try await remote { () async throws(IIODError) in
        try await client.readAttribute(
          device: device.id, channel: Self.remoteID(channel),
          isOutput: channel.direction == .output,
          attribute: attribute)
      }
      raw.append(
        try AttributeValue.number(
          text, path: device.path + "/" + channel.id.rawValue + "_" + attribute))
    }
    let stamp = BootTime.now()
    return raw.withUnsafeBufferPointer { polled.sample(raw: $0, timestamp: stamp) }
  }

  /// Opens the device's buffer on the board for blocks of `scans` scans, streaming the channels
  /// and the timestamp when the device has one.
  ///
  /// - Throws: ``IIOError/bufferUnsupported(device:reason:)`` when a channel has no scan element.
  public func openBuffer(scans: Int) async throws(IIOError) {
    guard let layout else {
      throw .bufferUnsupported(
        device: device.name, reason: "a channel has no scan element on the board")
    }
    try await remote { () async throws(IIODError) in
      try await client.openBuffer(
        device: device.id, samples: scans, scanIndices: layout.elements.map(\.index),
        channelCount: device.channels.count)
    }
  }

  /// Reads `scans` scans from the open buffer and converts them; the board waits until it has
  /// them (its timeout, or the client's, bounds the wait).
  public func readScans(_ scans: Int) async throws(IIOError) -> [IIOSample] {
    guard let layout else {
      throw .bufferUnsupported(
        device: device.name, reason: "a channel has no scan element on the board")
    }
    let count = max(1, min(scans, IIODClient.maximumBufferRead / max(1, layout.scanSize)))
    let bytes = try await remote { () async throws(IIODError) in
      try await client.readBuffer(device: device.id, bytes: count * layout.scanSize)
    }
    let decoder = ScanDecoder(
      layout: layout, channels: channels, timestampChannel: timestamp?.id,
      timestampClock: device.timestampClock, maximumScans: count)
    return decoder.samples(in: bytes)
  }

  /// Closes the device's buffer on the board; an already closed link is not an error.
  public func closeBuffer() async {
    _ = try? await client.closeBuffer(device: device.id)
  }

  /// The channel's id as iiod names it: without its `in_`/`out_` prefix.
  static func remoteID(_ channel: IIOChannel) -> String {
    let id = channel.id.rawValue
    if id.hasPrefix("in_") { return String(id.dropFirst(3)) }
    if id.hasPrefix("out_") { return String(id.dropFirst(4)) }
    return id
  }

  /// Runs a client call, turning its errors into ``IIOError``: `ENODEV`/`ENOENT` for the device
  /// mean the board no longer has it.
  private func remote<Value>(_ call: () async throws(IIODError) -> Value) async throws(IIOError)
    -> Value
  {
    do {
      return try await call()
    } catch .remoteError(_, _, let code) where code == 19 {
      throw .deviceRemoved(path: device.path)
    } catch {
      throw .remote(error)
    }
  }
}
