import LinuxIIO

extension MotionClient {
  /// The client over a remote board's IIO sensors, served by libiio's network daemon iiod
  /// (`HOST`, `HOST:PORT` or `[IPv6]:PORT`; port 30431 by default).
  ///
  /// It reads the board's devices as ``live(root:deviceDirectory:mode:devices:clock:bufferLimit:magneticDeclination:onEvent:)``
  /// reads local ones: the same routing (``MotionDeviceRouting``), conversion (scale, offset,
  /// mount matrix, then Core Motion's units and signs), shared readers and fusion. A device
  /// whose motion channels have scan elements streams through its buffer on the board (`OPEN`,
  /// `READBUF`, blocks of about one update interval); others are polled (`READ`) every interval.
  /// In `.automatic` mode a buffer that delivers nothing within `timeout` is polled instead
  /// (``MotionLiveEvent/fellBackToPolling(sensors:device:cause:)``).
  ///
  /// ```swift
  /// let motion = MotionClient.live(iiod: "board.local")
  /// let test = MotionClient.live(iiod: "127.0.0.1:30500", mode: .polling)
  /// ```
  ///
  /// The board is looked at (`PRINT` and the attributes) when a manager is created, and again
  /// each time a reader connects: a device gone from the board ends its streams with
  /// ``MotionError/readerFailed(_:_:)`` carrying `IIOError.deviceRemoved`, and devices
  /// that came or went are reported as ``MotionLiveEvent/deviceConnected(_:sensors:)`` and
  /// ``MotionLiveEvent/deviceDisconnected(_:sensors:)``. iiod announces no hot-plug, so while a
  /// manager exists the board is also looked at every `rescanInterval`, over a short connection
  /// of its own, to report devices that came or went while no reader reconnected.
  /// Each reader holds its own connection;
  /// when it drops, garbles a reply or times out, ``MotionLiveEvent/linkLost(server:error:retryingIn:)``
  /// is reported and the reader reconnects after a pause (250 ms doubling to 8 s on `clock`),
  /// then ``MotionLiveEvent/linkRestored(server:)``. After `reconnectAttempts` failures in a row
  /// its streams end with ``MotionError/readerFailed(_:_:)`` carrying `IIOError.remote`.
  /// An address that does not parse makes every sensor unavailable, naming the text.
  ///
  /// Buffered scans carry the board's timestamps (its `current_timestamp_clock`), polled ones
  /// this machine's `boottime` when the values arrived.
  ///
  /// - Parameters:
  ///   - address: where iiod listens.
  ///   - mode: buffered or polled reading; `.automatic` picks per device.
  ///   - devices: which of the board's devices may be used.
  ///   - clock: paces polling and the pauses before reconnecting.
  ///   - timeout: the longest wait for a connection or a reply; a buffered read's block must
  ///     arrive within it.
  ///   - reconnectAttempts: connections tried in a row before the streams fail (at least 1).
  ///   - bufferLimit: samples each stream keeps for a slow consumer before dropping the oldest.
  ///   - magneticDeclination: degrees east, enabling ``AttitudeReferenceFrame/xTrueNorthZVertical``.
  ///   - rescanInterval: the pause between looks at the board while a manager exists, on
  ///     `clock` (each a `PRINT` and the attributes' reads); nil looks only on `create` and
  ///     when a reader connects.
  ///   - onEvent: told what the client decided or saw on its own (``MotionLiveEvent``), never
  ///     under its locks.
  public static func live(
    iiod address: String,
    mode: MotionReadingMode = .automatic,
    devices: MotionDeviceSelection = .any,
    clock: any Clock<Duration> = ContinuousClock(),
    timeout: Duration = .seconds(5),
    reconnectAttempts: Int = 10,
    bufferLimit: Int = 256,
    magneticDeclination: Double? = nil,
    rescanInterval: Duration? = .seconds(5),
    onEvent: @escaping @Sendable (MotionLiveEvent) -> Void = { _ in }
  ) -> MotionClient {
    let discovery = RemoteDiscovery(
      address: Result { () throws(IIODError) in try IIODAddress(parsing: address) }, mode: mode,
      selection: devices, timeout: timeout, onEvent: onEvent)
    let sensors = RemoteIIOSensors(
      discovery: discovery, clock: clock, reconnectAttempts: max(1, reconnectAttempts),
      onEvent: onEvent)
    let first = discovery.current.backendRouting
    var backend = MotionBackend(
      searched: sensors.searched, routes: first.routes, unavailable: first.unavailable,
      selfPacedReaders: first.selfPacedReaders, magneticDeclination: magneticDeclination
    ) { (request, events) async throws(MotionError) in
      try await sensors.run(request, events)
    }
    backend.rediscover = { _ in discovery.current.backendRouting }
    backend.present = { discovery.current.backendRouting }
    var client = MotionClient(backend: backend, bufferLimit: bufferLimit)
    let hotPlug = RemoteHotPlug(discovery: discovery, clock: clock, interval: rescanInterval)
    let (create, destroy) = (client.create, client.destroy)
    client.create = { id in
      await create(id)
      await discovery.lookIfNeeded()
      hotPlug.retain(id)
    }
    client.destroy = { id in
      await hotPlug.release(id)
      await destroy(id)
    }
    return client
  }
}
