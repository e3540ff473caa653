import LinuxIIO
import SensorsCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The live backend's view of the machine: which IIO device serves each motion sensor (the
/// latest look, ``LiveDiscovery``), and how to read one device, buffered or polled.
struct LiveIIOSensors: Sendable {
  let discovery: LiveDiscovery
  let clock: any Clock<Duration>
  /// Where fall-backs and staleness are reported.
  let onEvent: @Sendable (MotionLiveEvent) -> Void

  var system: IIOSystem { discovery.system }
  var mode: MotionReadingMode { discovery.mode }
  var searched: String { "IIO devices under \(system.root)" }

  /// Discovers the devices under `system.root` (see ``MotionDeviceRouting``).
  init(
    system: IIOSystem, mode: MotionReadingMode, selection: MotionDeviceSelection,
    clock: any Clock<Duration>,
    onEvent: @escaping @Sendable (MotionLiveEvent) -> Void = { _ in }
  ) {
    self.discovery = LiveDiscovery(system: system, mode: mode, selection: selection)
    self.onEvent = onEvent
    self.clock = clock
  }

  /// Reads one device until cancelled; throws ``MotionError`` on failure.
  func run(_ request: MotionBackend.ReaderRequest, _ events: MotionBackend.ReaderEvents)
    async throws(MotionError)
  {
    let sensor = MotionSensor.allCases.first { request.sensors.contains($0) } ?? .accelerometer
    let snapshot = discovery.current
    let routing = snapshot.routing
    guard let device = snapshot.devices[request.reader] else {
      throw routing.unavailable[sensor] ?? .sensorUnavailable(sensor, searched: searched)
    }
    let channels = routing.channels(of: device, request.sensors)
    do {
      if routing.willStream(device, sensors: request.sensors) {
        let watchdog = SilenceWatchdog(
          timeout: Self.scanTimeout(interval: request.interval), clock: clock, start: .deadline)
        if try await readBufferedOrPollIfHeld(
          device, channels, request, events, watchdog: watchdog, sensor: sensor)
        {
          return
        }
        guard watchdog.timedOut, !Task.isCancelled else { return }
        let silent = MotionError.noScans(
          sensor, device: Self.describe(device), waited: watchdog.timeout)
        // Polling needs a _raw or _input attribute per channel; without them, say why.
        guard mode == .automatic, channels.allSatisfy(\.isPollable) else { throw silent }
        onEvent(
          .fellBackToPolling(
            sensors: MotionSensor.allCases.filter(request.sensors.contains),
            device: Self.describe(device), cause: silent))
        try await clock.poll(
          device: device, channels: channels, interval: request.interval,
          sensors: request.sensors, events: events)
      } else if mode == .buffered {
        throw IIOError.bufferUnsupported(
          device: device.name, reason: "the motion channels have no scan elements")
      } else {
        try await clock.poll(
          device: device, channels: channels, interval: request.interval,
          sensors: request.sensors, events: events)
      }
    } catch let error as MotionError {
      throw error
    } catch let error as IIOError {
      throw .readerFailed(sensor, device.explainingRemoval(error))
    } catch {
      return  // nothing else is thrown here
    }
  }

  /// Streams the device; when another reader holds its buffer (EBUSY: iio-sensor-proxy does on
  /// phones and laptops) in automatic mode, polls its attributes instead and says so. Returns
  /// whether it polled.
  private func readBufferedOrPollIfHeld(
    _ device: IIODevice, _ channels: [IIOChannel], _ request: MotionBackend.ReaderRequest,
    _ events: MotionBackend.ReaderEvents, watchdog: SilenceWatchdog, sensor: MotionSensor
  ) async throws -> Bool {
    let busy: String?
    do {
      try await readBuffered(device, channels, request, events, watchdog: watchdog)
      busy = nil
    } catch {
      guard case .deviceBusy(let path) = error, mode == .automatic,
        channels.allSatisfy(\.isPollable)
      else { throw error }
      busy = path
    }
    guard let busy else { return false }
    onEvent(
      .fellBackToPolling(
        sensors: MotionSensor.allCases.filter(request.sensors.contains),
        device: Self.describe(device), cause: .readerFailed(sensor, .deviceBusy(path: busy))))
    try await clock.poll(
      device: device, channels: channels, interval: request.interval,
      sensors: request.sensors, events: events)
    return true
  }

  /// How long a buffered device has to deliver its first scan, and may stay silent before it is
  /// stale: a few sample periods, at least 250 ms (a slow driver's first wake-up), at most 1 s.
  static func scanTimeout(interval: Duration) -> Duration {
    min(.seconds(1), max(.milliseconds(250), interval * 5))
  }

  /// `name (iio:deviceN)`, as events and errors name a device.
  static func describe(_ device: IIODevice) -> String {
    "\(device.name) (\(device.id))"
  }

  private func readBuffered(
    _ device: IIODevice, _ channels: [IIOChannel], _ request: MotionBackend.ReaderRequest,
    _ events: MotionBackend.ReaderEvents, watchdog: SilenceWatchdog
  ) async throws(IIOError) {
    let wanted = 1 / max(seconds(request.interval), 1e-6)
    var rate: Double?
    if let nearest = device.availableSamplingFrequencies?.nearest(to: wanted) {
      // Best effort: a driver that refuses the rate keeps its own, and the hub's pacing
      // still thins the stream to each subscriber's interval.
      if (try? system.setSamplingFrequency(nearest, of: device)) != nil { rate = nearest }
    }
    // Stamp on boottime where the device lets us choose; otherwise shift its clock onto it.
    let settable = device.canChooseTimestampClock()
    let alignment = BootTimeAlignment(clock: settable ? .boottime : device.timestampClock)
    // Scans reach the hub on the reader's thread, a whole read at a time (see
    // BufferedScanForwarder), so LinuxIIO's stream only reports the end of the read.
    // Room for a stall: the update effects run the app's reducer on the reader's thread.
    let longer = device.buffer.flatMap { buffer in
      Self.bufferLength(
        rate: rate, current: buffer.length,
        writable: buffer.isLengthWritable())
    }
    let length = longer ?? device.buffer?.length
    let reader = try IIOBufferedReader(
      device: device, channels: channels,
      configuration: IIOBufferConfiguration(
        length: longer,
        watermark: Self.watermark(rate: rate, interval: request.interval, length: length),
        timestampClock: settable ? .boottime : nil))
    let sensors = MotionSensor.allCases.filter(request.sensors.contains)
    let name = Self.describe(device)
    let forwarder = BufferedScanForwarder(
      sensors: request.sensors, alignment: alignment, watchdog: watchdog, events: events,
      longestPause: Self.longestPause(rate: rate, length: length)
    ) { [onEvent] in onEvent(.resumed(sensors: sensors, device: name)) }
    // Cancelling this task ends the iteration and only signals the reader's thread (waiting for
    // it inside the cancellation could deadlock). Wait here instead, cancelled or not, until the
    // thread has disabled the buffer and closed the device: the hub starts a successor reader
    // on the same device only after this task ends, and a still-enabled buffer would be busy.
    let read = reader.start(batches: forwarder.forward)
    let deadline = watchdog.arm(stop: read.stop) { [onEvent, timeout = watchdog.timeout] in
      onEvent(.stale(sensors: sensors, device: name, silentFor: timeout))
    }
    defer { deadline.cancel() }
    do {
      for try await _ in read.samples {}
    } catch {
      await read.close()
      // The reader finishes its stream with IIOError values only.
      throw error as? IIOError
        ?? .systemCallFailed(path: device.deviceNode, operation: "read", errno: EIO)
    }
    await read.close()
  }

  /// How long the reader's thread may stall (a slow reducer run there by the update effects, a
  /// busy core) before the kernel buffer fills and drops scans, in seconds.
  static let stallAllowance = 0.5

  /// The buffer length, in scans, to ask for at `rate` hertz: ``stallAllowance`` worth, at most
  /// 4096 scans; nil (keep the device's `current` length) when that is already enough, the rate
  /// is unknown, or the attribute is read-only. The kernel's own default is often 2 scans.
  static func bufferLength(rate: Double?, current: Int?, writable: Bool) -> Int? {
    guard writable, let rate, rate.isFinite, rate > 0 else { return nil }
    let wanted = Int(min(4096, (rate * stallAllowance).rounded(.up)))
    guard wanted > (current ?? 0) else { return nil }
    return wanted
  }

  /// The longest a batch of scans may cover: the kernel wakes the reader once per batch, so this
  /// is also the most a watermark may add to a scan's latency.
  static let longestBatch = 0.010

  /// The longest a reader may leave a device's buffer unread: ``longestBatch``, and never more
  /// than it takes the scans to fill half the buffer's `length`; zero (never pause) when the
  /// rate or the length is unknown.
  static func longestPause(rate: Double?, length: Int?) -> Double {
    guard let rate, let length, rate > 0, length >= 2 else { return 0 }
    return min(longestBatch, Double(length / 2) / rate)
  }

  /// The watermark for a device sampling at `rate` hertz for a subscriber every `interval`: as
  /// many scans as arrive in the interval, at most ``longestBatch`` worth and half the buffer's
  /// `length` (so the kernel never overruns while the reader catches up); nil (keep the device's
  /// setting) when the rate or the length is unknown.
  static func watermark(rate: Double?, interval: Duration, length: Int?) -> Int? {
    guard let rate, let length, rate > 0, length >= 2 else { return nil }
    let span = min(seconds(interval), longestBatch)
    return min(max(1, Int((rate * span).rounded(.down))), length / 2)
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
  ) async throws(IIOError) {
    let reader = try IIOPollingReader(device: device, channels: channels, interval: interval)
    let kept = CoreMotionUnits.Kept(sensors)
    // Off the concurrency pool: a read behind an I2C or SPI sensor can take a millisecond.
    let io = BlockingQueue(label: "motion polling \(device.id)")
    var deadline = now
    while !Task.isCancelled {
      let sample = try await io.run { () throws(IIOError) in try reader.read() }
      events.scan(CoreMotionUnits.scan(sample, keeping: kept))
      deadline = deadline.advanced(by: interval)
      do {
        try await sleep(until: deadline, tolerance: nil)
      } catch {
        return
      }
    }
  }
}
