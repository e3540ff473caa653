import SensorsCore
import LinuxIIO

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The live backend's view of the machine: which IIO device serves each motion sensor, and
/// how to read one device, buffered or polled.
struct LiveIIOSensors: Sendable {
  let system: IIOSystem
  let mode: MotionReadingMode
  let clock: any Clock<Duration>
  let bufferLimit: Int
  /// Devices by reader id (`iio:deviceN`).
  private(set) var devices: [String: IIODevice] = [:]
  /// Which device serves each available sensor.
  private(set) var routes: [MotionSensor: String] = [:]
  /// Readers that poll (one scan per interval, by construction).
  private(set) var pollingReaders: Set<String> = []
  /// Where discovery looked, and why it found nothing if it failed.
  private(set) var searched: String

  static let channelTypes: [(MotionSensor, IIOChannelType)] = [
    (.accelerometer, .accel), (.gyro, .anglvel), (.magnetometer, .magn),
  ]

  /// Discovers the devices under `system.root` once; a failure leaves every sensor unavailable
  /// and its explanation in ``searched``.
  init(system: IIOSystem, mode: MotionReadingMode, clock: any Clock<Duration>, bufferLimit: Int) {
    self.system = system
    self.mode = mode
    self.clock = clock
    self.bufferLimit = bufferLimit
    self.searched = "IIO devices under \(system.root)"
    let found = Self.discover(system, searched: &searched)
    for (sensor, type) in Self.channelTypes {
      let candidates = found.filter { Self.axes(of: $0, type) != nil }
      // Prefer a device that can stream the channels, unless told to poll.
      let buffered = candidates.first {
        $0.supportsBufferedReading(of: Self.axes(of: $0, type) ?? [])
      }
      guard let device = (mode == .polling ? nil : buffered) ?? candidates.first else { continue }
      devices[device.id] = device
      routes[sensor] = device.id
    }
    for (id, device) in devices
    where !willStream(device, sensors: Set(routes.filter { $0.value == id }.keys)) {
      pollingReaders.insert(id)
    }
  }

  /// Whether reading `sensors` from `device` goes through its buffer.
  func willStream(_ device: IIODevice, sensors: Set<MotionSensor>) -> Bool {
    mode != .polling && device.supportsBufferedReading(of: channels(of: device, sensors))
  }

  private func channels(of device: IIODevice, _ sensors: Set<MotionSensor>) -> [IIOChannel] {
    Self.channelTypes.filter { sensors.contains($0.0) }.flatMap {
      Self.axes(of: device, $0.1) ?? []
    }
  }

  /// Every readable device under the root. A device whose attributes do not parse is left
  /// out (and named in `searched`) rather than hiding the healthy ones beside it.
  private static func discover(_ system: IIOSystem, searched: inout String) -> [IIODevice] {
    let entries: [String]
    do {
      entries = try DirectoryListing.names(atPath: system.root)
    } catch {
      searched += " (\(IIOError.rootNotFound(path: system.root).description))"
      return []
    }
    let indices = entries.compactMap { entry in
      entry.hasPrefix("iio:device") ? Int(entry.dropFirst("iio:device".count)) : nil
    }
    var devices: [IIODevice] = []
    var problems: [String] = []
    for index in indices.sorted() {
      do {
        devices.append(try system.device(index: index))
      } catch {
        problems.append("iio:device\(index) skipped: \(error.description)")
      }
    }
    if !problems.isEmpty { searched += " (" + problems.joined(separator: "; ") + ")" }
    return devices
  }

  /// The x, y and z input channels of `type`, or nil unless the device has all three.
  static func axes(of device: IIODevice, _ type: IIOChannelType) -> [IIOChannel]? {
    let channels = device.channels(ofType: type).filter { $0.direction == .input && $0.axis != nil }
    let axes = Set(channels.compactMap(\.axis))
    return axes.count == 3 ? channels : nil
  }

  /// Reads one device until cancelled; throws ``MotionError`` on failure.
  func run(_ request: MotionBackend.ReaderRequest, _ events: MotionBackend.ReaderEvents)
    async throws
  {
    let sensor = MotionSensor.allCases.first { request.sensors.contains($0) } ?? .accelerometer
    guard let device = devices[request.reader] else {
      throw MotionError.sensorUnavailable(sensor, searched: searched)
    }
    let channels = channels(of: device, request.sensors)
    do {
      if willStream(device, sensors: request.sensors) {
        try await readBuffered(device, channels, request, events)
      } else if mode == .buffered {
        throw IIOError.bufferUnsupported(
          device: device.name, reason: "the motion channels have no scan elements")
      } else {
        try await clock.poll(
          device: device, channels: channels, interval: request.interval,
          sensors: request.sensors, events: events)
      }
    } catch let error as IIOError {
      throw MotionError.readerFailed(sensor, message: error.description)
    }
  }

  private func readBuffered(
    _ device: IIODevice, _ channels: [IIOChannel], _ request: MotionBackend.ReaderRequest,
    _ events: MotionBackend.ReaderEvents
  ) async throws {
    let wanted = 1 / max(seconds(request.interval), 1e-6)
    if let rate = device.availableSamplingFrequencies?.nearest(to: wanted) {
      // Best effort: a driver that refuses the rate keeps its own, and the hub's pacing
      // still thins the stream to each subscriber's interval.
      try? system.setSamplingFrequency(rate, of: device)
    }
    // Stamp on boottime where the device lets us choose; otherwise shift its clock onto it.
    let settable = DirectoryListing.exists(device.path + "/current_timestamp_clock")
    var alignment = BootTimeAlignment(clock: settable ? .boottime : device.timestampClock)
    // LinuxIIO's own hand-off buffer counts no drops, so it is made deep: this task only
    // forwards scans to the hub (which never blocks), and the counted, per-subscriber buffers
    // are where a slow consumer loses samples.
    let reader = try IIOBufferedReader(
      device: device, channels: channels,
      configuration: IIOBufferConfiguration(
        timestampClock: settable ? .boottime : nil, bufferingNewest: max(1024, bufferLimit)))
    // Cancelling this task ends the iteration and only signals the reader's thread (waiting for
    // it inside the cancellation could deadlock). Wait here instead, cancelled or not, until the
    // thread has disabled the buffer and closed the device: the hub starts a successor reader
    // on the same device only after this task ends, and a still-enabled buffer would be busy.
    let read = reader.start()
    do {
      for try await sample in read.samples {
        var scan = CoreMotionUnits.scan(sample, sensors: request.sensors)
        scan.timestamp = alignment.align(
          scan.timestamp, readings: BootTimeAlignment.readings(for: alignment.clock))
        events.scan(scan)
      }
    } catch {
      await read.close()
      throw error
    }
    await read.close()
  }
}

extension Clock where Duration == Swift.Duration {
  /// Polls `channels` every `interval` against drift-free deadlines. Each read opens, reads
  /// and closes the attributes (``IIOPollingReader/read()``), so no descriptor outlives a
  /// read: cancelling this task leaves nothing open, and an unplugged device is noticed at
  /// the next read.
  fileprivate func poll(
    device: IIODevice, channels: [IIOChannel], interval: Duration, sensors: Set<MotionSensor>,
    events: MotionBackend.ReaderEvents
  ) async throws {
    let reader = try IIOPollingReader(device: device, channels: channels, interval: interval)
    var deadline = now
    while !Task.isCancelled {
      events.scan(CoreMotionUnits.scan(try reader.read(), sensors: sensors))
      deadline = deadline.advanced(by: interval)
      do {
        try await sleep(until: deadline, tolerance: nil)
      } catch {
        return
      }
    }
  }
}
