import SensorsCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Streams scans from a device's character device (`/dev/iio:deviceN`) through its kernel
/// buffer: the way to read at hundreds or thousands of hertz with kernel timestamps.
///
/// Starting a read opens the character device (non-blocking), enables exactly the chosen scan
/// elements (plus `in_timestamp`), sets trigger, length and watermark, then enables the buffer.
/// Scans are read on a dedicated thread with `poll()`, demultiplexed with ``IIOScanLayout``,
/// converted and delivered. Stopping, for whatever reason, disables the buffer, puts every
/// attribute back as it was, and closes every descriptor: before the stream finishes when the
/// reader stops by itself or by ``IIOBufferedRead/stop()``, and within one wake-up of the
/// thread when the consumer leaves (await ``IIOBufferedRead/close()`` to know it is done).
///
/// ```swift
/// let reader = try IIOBufferedReader(device: imu, channels: imu.channels(ofType: .accel))
/// for try await sample in reader.samples() {
///   if let a = sample.vector(.accel) { print(sample.timestamp.seconds, a.x, a.y, a.z) }
/// }
/// ```
public struct IIOBufferedReader: IIOSampleReader {
  /// The device read.
  public let device: IIODevice
  /// The channels each sample contains, in scan order (without the timestamp).
  public let channels: [IIOChannel]
  /// How the buffer is set up.
  public let configuration: IIOBufferConfiguration
  /// The layout of one scan, timestamp included when enabled.
  public let layout: IIOScanLayout

  let timestampChannel: IIOChannel?

  /// Creates a buffered reader.
  ///
  /// - Throws: ``IIOError/noChannelsSelected(device:)`` for an empty list;
  ///   ``IIOError/bufferUnsupported(device:reason:)`` when the device has no buffer or a channel
  ///   has no scan element.
  public init(
    device: IIODevice, channels: [IIOChannel],
    configuration: IIOBufferConfiguration = IIOBufferConfiguration()
  ) throws(IIOError) {
    let selected = channels.filter { $0.type != .timestamp }
    guard !selected.isEmpty else { throw .noChannelsSelected(device: device.name) }
    guard device.buffer != nil else {
      throw .bufferUnsupported(
        device: device.name, reason: "it has no buffer (no scan_elements directory)")
    }
    var elements: [(channel: IIOChannelID, element: IIOScanElement)] = []
    for channel in selected {
      guard let element = channel.scanElement else {
        throw .bufferUnsupported(
          device: device.name, reason: "channel \(channel.id) has no scan element")
      }
      elements.append((channel.id, element))
    }
    let timestamp = device.channels.first { $0.type == .timestamp && $0.scanElement != nil }
    let includedTimestamp = configuration.includesTimestamp ? timestamp : nil
    if let includedTimestamp, let element = includedTimestamp.scanElement {
      elements.append((includedTimestamp.id, element))
    }
    self.device = device
    self.channels = selected.sorted { ($0.scanElement?.index ?? 0) < ($1.scanElement?.index ?? 0) }
    self.configuration = configuration
    self.timestampChannel = includedTimestamp
    self.layout = try IIOScanLayout(elements: elements)
  }

  /// Starts streaming. The stream finishes with an ``IIOError`` when the device is removed
  /// (``IIOError/deviceRemoved(path:)``), access is denied, or the buffer is busy.
  ///
  /// Ending the loop or cancelling its task releases the device promptly but not before the
  /// loop returns; use ``start()`` and ``IIOBufferedRead/close()`` to wait for it.
  public func samples() -> AsyncThrowingStream<IIOSample, any Error> {
    start().samples
  }

  /// Starts streaming, returning the samples together with a way to stop the read and to wait
  /// until the device has been released (see ``IIOBufferedRead``).
  public func start() -> IIOBufferedRead {
    let (samples, wake) = ThreadFedStream.start(
      of: IIOSample.self, threadName: "iio \(device.id)", path: device.path,
      bufferingNewest: configuration.bufferingNewest
    ) { wake, continuation in
      ScanReadLoop(reader: self, wake: wake, continuation: continuation).run()
    }
    return IIOBufferedRead(samples: samples, wake: wake)
  }

  /// Starts reading with every read's scans handed to `handler` on the reader's own thread, in
  /// one call per `read(2)` (one per wake-up), instead of one stream element per scan: no task
  /// wake-up per scan. `handler` must not block; its verdict says whether to keep reading, to
  /// pause (when no consumer needs a scan soon, so the next read takes many), or to stop.
  ///
  /// The returned read's ``IIOBufferedRead/samples`` yields nothing: it finishes, normally or
  /// with an ``IIOError``, once the device has been released, and cancelling its consumer stops
  /// the read as usual.
  package func start(
    batches handler: @escaping @Sendable (IIOScanBatch) -> IIOBatchVerdict
  ) -> IIOBufferedRead {
    let (samples, wake) = ThreadFedStream.start(
      of: IIOSample.self, threadName: "iio \(device.id)", path: device.path, bufferingNewest: 1
    ) { wake, continuation in
      ScanReadLoop(reader: self, wake: wake, continuation: continuation, batches: handler).run()
    }
    return IIOBufferedRead(samples: samples, wake: wake)
  }

  /// The trigger to set, per the configuration; nil to leave the current one.
  func resolvedTrigger() throws(IIOError) -> String? {
    switch configuration.trigger {
    case .keepCurrent:
      return nil
    case .named(let name):
      let system = IIOSystem(root: Self.parentDirectory(of: device.path))
      guard try system.triggers().contains(where: { $0.name == name }) else {
        throw .triggerNotFound(name: name, device: device.name)
      }
      return name
    case .automatic:
      // Read now, not at discovery: what is set when the read starts is what must be kept.
      let path = device.path + "/trigger/current_trigger"
      guard let current = try Sysfs.readIfPresent(path)?.trimmingASCIIWhitespace(),
        current.isEmpty
      else { return nil }
      let system = IIOSystem(root: Self.parentDirectory(of: device.path))
      return try system.attachableTrigger(for: device)?.name
    }
  }

  static func parentDirectory(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/"), slash != path.startIndex else { return "/" }
    return String(path[..<slash])
  }
}
