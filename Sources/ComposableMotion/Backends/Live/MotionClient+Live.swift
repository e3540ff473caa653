import LinuxIIO

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

extension MotionClient {
  /// The client over the machine's Linux IIO sensors.
  ///
  /// Devices are discovered when the client is made (LinuxIIO's `IIOSystem.scan()`; a device that
  /// cannot be read is skipped, not fatal), again at a `start…` whose device is missing or
  /// gone, and whenever a device appears or vanishes while a manager exists (reported to
  /// `onEvent`, see <doc:LiveDevices>): among the devices `devices` accepts, the
  /// accelerometer is the first with `accel` x/y/z input channels, the gyroscope `anglvel`, the
  /// magnetometer `magn` — each preferring a device that can stream through its buffer.
  /// ``MotionDeviceRouting`` with the same arguments says what was chosen and why a sensor
  /// has none. Sensors on one device share one reader. A reader streams from `/dev/iio:deviceN` with kernel timestamps
  /// on `boottime` when the device has scan elements for the channels (and `mode` allows),
  /// and polls the sysfs attributes every interval otherwise, stamped on `boottime` when read.
  /// Values are converted once, at the boundary: m/s² → g with Core Motion's sign, rad/s as
  /// they are, gauss → µT; the mount matrix is already applied by LinuxIIO.
  ///
  /// ```swift
  /// let motion = MotionClient.live()                           // /sys/bus/iio/devices
  /// let test = MotionClient.live(root: tree.path, clock: clock) // a sysfs tree in a test
  /// ```
  ///
  /// A buffered device that delivers no scan within a few sample periods (250 ms to 1 s on
  /// `clock`) after its buffer is enabled — typically a triggered buffer nobody attached a
  /// trigger to — is read by polling instead in `.automatic` mode, reported to `onEvent` as
  /// ``MotionLiveEvent/fellBackToPolling(sensors:device:cause:)``; so is one whose buffer
  /// another process holds (EBUSY: iio-sensor-proxy owns the accelerometer's buffer on Linux
  /// phones and laptops). In `.buffered` mode its
  /// streams fail with ``MotionError/noScans(_:device:waited:)``. A device with no trigger set
  /// gets one for the read. One that delivered and then stays silent as long is reported
  /// ``MotionLiveEvent/stale(sensors:device:silentFor:)`` (its streams stay open).
  ///
  /// Failures end the streams with ``MotionError``: no sensor
  /// (``MotionError/sensorUnavailable(_:searched:skipped:)`` naming the root and the devices
  /// discovery skipped), a sensor with fewer than three axes
  /// (``MotionError/sensorIncomplete(_:device:axes:)``), or a reader error
  /// (``MotionError/readerFailed(_:_:)`` carrying LinuxIIO's `IIOError`: device removed,
  /// permission denied, malformed attribute, busy buffer).
  ///
  /// - Parameters:
  ///   - root: where IIO devices are listed (a test's temporary tree, a chroot).
  ///   - deviceDirectory: where the `iio:deviceN` character devices are.
  ///   - mode: buffered or polled reading; `.automatic` picks per device.
  ///   - devices: which devices may be used, on boards with several IMUs.
  ///   - clock: paces polling, and times the first-scan deadline and staleness.
  ///   - bufferLimit: samples each stream keeps for a slow consumer before dropping the oldest.
  ///   - magneticDeclination: degrees east, enabling ``AttitudeReferenceFrame/xTrueNorthZVertical``.
  ///   - onEvent: told what the client decided or saw on its own (``MotionLiveEvent``): a
  ///     fall-back to polling, a stale or resumed device, devices connected and disconnected.
  ///     Called from the client's tasks, never under its locks.
  public static func live(
    root: String = IIOSystem.defaultRoot,
    deviceDirectory: String = "/dev",
    mode: MotionReadingMode = .automatic,
    devices: MotionDeviceSelection = .any,
    clock: any Clock<Duration> = ContinuousClock(),
    bufferLimit: Int = 256,
    magneticDeclination: Double? = nil,
    onEvent: @escaping @Sendable (MotionLiveEvent) -> Void = { _ in }
  ) -> MotionClient {
    let sensors = LiveIIOSensors(
      system: IIOSystem(root: root, deviceDirectory: deviceDirectory), mode: mode,
      selection: devices, clock: clock, onEvent: onEvent)
    let discovery = sensors.discovery
    let first = discovery.current.backendRouting
    var backend = MotionBackend(
      searched: sensors.searched, routes: first.routes, unavailable: first.unavailable,
      selfPacedReaders: first.selfPacedReaders, magneticDeclination: magneticDeclination
    ) { (request, events) async throws(MotionError) in
      try await sensors.run(request, events)
    }
    backend.rediscover = { discovery.current(serving: $0).backendRouting }
    backend.present = { discovery.current.backendRouting }
    var client = MotionClient(backend: backend, bufferLimit: bufferLimit)
    let hotPlug = LiveHotPlug(discovery: discovery, onEvent: onEvent)
    let create = client.create
    let destroy = client.destroy
    client.create = { id in
      await create(id)
      await hotPlug.retain(id)
    }
    client.destroy = { id in
      await destroy(id)
      await hotPlug.release(id)
    }
    return client
  }
}
