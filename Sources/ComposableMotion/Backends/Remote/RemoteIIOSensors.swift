import LinuxIIO

/// The iiod backend's readers: each connects on its own, looks at the board again (so a device
/// that vanished while the link was down is noticed), then reads its device buffered or polled
/// until cancelled. A link that drops, garbles or times out is reported
/// (``MotionLiveEvent/linkLost(server:error:retryingIn:)``) and reconnected after a pause that
/// doubles from 250 ms to 8 s on the client's clock; after `reconnectAttempts` failures in a
/// row the streams end with ``MotionError/readerFailed(_:_:)`` carrying the last
/// `IIOError.remote`.
struct RemoteIIOSensors: Sendable {
  let discovery: RemoteDiscovery
  let clock: any Clock<Duration>
  let reconnectAttempts: Int
  let onEvent: @Sendable (MotionLiveEvent) -> Void

  var mode: MotionReadingMode { discovery.mode }
  var searched: String { "IIO devices of iiod at \(discovery.server)" }

  /// Reads one device until cancelled; throws ``MotionError`` on failure.
  func run(_ request: MotionBackend.ReaderRequest, _ events: MotionBackend.ReaderEvents)
    async throws(MotionError)
  {
    let sensor = MotionSensor.allCases.first { request.sensors.contains($0) } ?? .accelerometer
    guard case .success(let address) = discovery.address else {
      throw discovery.current.routing.unavailable[sensor]
        ?? .sensorUnavailable(sensor, searched: searched)
    }
    var failures = 0
    var polling = mode == .polling
    var reading: IIODevice?
    while !Task.isCancelled {
      do {
        let client: IIODClient
        let snapshot: LiveDiscovery.Snapshot
        do {
          client = try IIODClient(address: address, timeout: discovery.timeout)
        } catch {
          throw IIOError.remote(error)
        }
        defer { client.close() }
        do {
          snapshot = try await discovery.look(using: client)
        } catch {
          throw IIOError.remote(error)
        }
        if failures > 0 { onEvent(.linkRestored(server: address.description)) }
        failures = 0
        let device = snapshot.devices[request.reader]
        // After a reconnect, the device read before must still be there, the same chip: a board
        // that restarted with other devices may give its number to another one.
        if let earlier = reading, device?.name != earlier.name || device?.label != earlier.label {
          throw MotionError.readerFailed(sensor, .deviceRemoved(path: earlier.path))
        }
        guard let device else {
          throw snapshot.routing.unavailable[sensor]
            ?? .readerFailed(sensor, .deviceRemoved(path: "\(address)/\(request.reader)"))
        }
        reading = device
        try await read(client, device, snapshot.routing, request, events, sensor, polling: polling)
        return
      } catch is FellBack {
        // Polled from now on, over a new connection: a timed-out one is out of step.
        polling = true
      } catch let error as MotionError {
        throw error
      } catch let error as IIOError {
        guard case .remote(let remote) = error, remote.retiresConnection else {
          throw .readerFailed(sensor, error)
        }
        if Task.isCancelled { return }
        failures += 1
        guard failures < reconnectAttempts else { throw .readerFailed(sensor, error) }
        let pause = Self.pause(afterFailures: failures)
        onEvent(.linkLost(server: address.description, error: remote, retryingIn: pause))
        do { try await clock.sleep(for: pause) } catch { return }
      } catch {
        throw MotionError(error)
      }
    }
  }

  /// A buffered device delivered nothing in automatic mode: read it polled instead.
  private struct FellBack: Error {}

  /// The pause before reconnect attempt `failures`: 250 ms, doubling, at most 8 s.
  static func pause(afterFailures failures: Int) -> Duration {
    .milliseconds(250 * (1 << min(max(failures - 1, 0), 5)))
  }

  private func read(
    _ client: IIODClient, _ device: IIODevice, _ routing: MotionDeviceRouting,
    _ request: MotionBackend.ReaderRequest, _ events: MotionBackend.ReaderEvents,
    _ sensor: MotionSensor, polling: Bool
  ) async throws {
    let channels = routing.channels(of: device, request.sensors)
    let reader = try IIODRemoteReader(client: client, device: device, channels: channels)
    let kept = CoreMotionUnits.Kept(request.sensors)
    if !polling, routing.willStream(device, sensors: request.sensors) {
      let failure: IIOError
      do {
        try await stream(reader, request, events, kept)
        return
      } catch {
        failure = error
      }
      guard Self.isSilence(failure) else { throw failure }
      let silent = MotionError.noScans(
        sensor, device: LiveIIOSensors.describe(device), waited: client.timeout)
      guard mode == .automatic, channels.allSatisfy(\.isPollable) else { throw silent }
      onEvent(
        .fellBackToPolling(
          sensors: MotionSensor.allCases.filter(request.sensors.contains),
          device: LiveIIOSensors.describe(device), cause: silent))
      throw FellBack()
    } else if !polling, mode == .buffered {
      throw IIOError.bufferUnsupported(
        device: device.name, reason: "the motion channels have no scan elements on the board")
    }
    try await clock.poll(reader, interval: request.interval, events: events, kept: kept)
  }

  /// Streams the device's buffer in blocks of about one interval's scans.
  private func stream(
    _ reader: IIODRemoteReader, _ request: MotionBackend.ReaderRequest,
    _ events: MotionBackend.ReaderEvents, _ kept: CoreMotionUnits.Kept
  ) async throws(IIOError) {
    let wanted = 1 / max(seconds(request.interval), 1e-6)
    var rate = reader.device.samplingFrequency
    if let nearest = reader.device.availableSamplingFrequencies?.nearest(to: wanted),
      (try? await reader.client.writeAttribute(
        device: reader.device.id, attribute: "sampling_frequency", value: "\(nearest)")) != nil
    {
      rate = nearest
    }
    let block = Self.blockScans(rate: rate, interval: request.interval)
    try await reader.openBuffer(scans: block)
    do {
      while !Task.isCancelled {
        let samples = try await reader.readScans(block)
        _ = events.deliver(samples.map { CoreMotionUnits.scan($0, keeping: kept) })
      }
    } catch {
      await reader.closeBuffer()
      throw error
    }
    await reader.closeBuffer()
  }

  /// Scans per `READBUF`: what arrives in one interval at `rate` hertz, 1 to 256 (one scan
  /// when the rate is unknown).
  static func blockScans(rate: Double?, interval: Duration) -> Int {
    guard let rate, rate.isFinite, rate > 0 else { return 1 }
    return min(256, max(1, Int((rate * seconds(interval)).rounded(.down))))
  }

  /// Whether a buffered read failed because no scans came: the board's own read timed out
  /// (`ETIMEDOUT`), or the client's wait did.
  private static func isSilence(_ error: IIOError) -> Bool {
    switch error {
    case .remote(.remoteError(_, _, let code)) where code == 110: true
    case .remote(.timedOut(_, .some, _)): true
    default: false
    }
  }
}

extension Clock where Duration == Swift.Duration {
  /// Polls the remote channels every `interval` against drift-free deadlines.
  fileprivate func poll(
    _ reader: IIODRemoteReader, interval: Duration, events: MotionBackend.ReaderEvents,
    kept: CoreMotionUnits.Kept
  ) async throws(IIOError) {
    var deadline = now
    while !Task.isCancelled {
      events.scan(CoreMotionUnits.scan(try await reader.poll(), keeping: kept))
      deadline = deadline.advanced(by: interval)
      do {
        try await sleep(until: deadline, tolerance: nil)
      } catch {
        return
      }
    }
  }
}
