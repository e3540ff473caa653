import LinuxIIO

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
    let found: [IIODevice]
    do {
      found = try system.devices()
    } catch {
      searched += " (\(error.description))"
      return
    }
    for (sensor, type) in Self.channelTypes {
      let candidates = found.filter { Self.axes(of: $0, type) != nil }
      // Prefer a device that can stream the channels, unless told to poll.
      let buffered = candidates.first { $0.supportsBufferedReading(of: Self.axes(of: $0, type) ?? []) }
      guard let device = (mode == .polling ? nil : buffered) ?? candidates.first else { continue }
      devices[device.id] = device
      routes[sensor] = device.id
    }
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
    let channels = Self.channelTypes.filter { request.sensors.contains($0.0) }
      .flatMap { Self.axes(of: device, $0.1) ?? [] }
    do {
      if mode != .polling, device.supportsBufferedReading(of: channels) {
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
    let reader = try IIOBufferedReader(
      device: device, channels: channels,
      configuration: IIOBufferConfiguration(
        timestampClock: .boottime, bufferingNewest: max(1, bufferLimit)))
    // Cancelling this task ends the iteration; the reader's termination handler stops its
    // thread, disables the buffer and closes the device before the loop returns.
    for try await sample in reader.samples() {
      events.scan(CoreMotionUnits.scan(sample, sensors: request.sensors))
    }
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
