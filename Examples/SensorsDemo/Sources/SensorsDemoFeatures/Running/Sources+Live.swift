import ComposableLocation
import ComposableMotion
import Foundation
import LinuxIIO

extension Sources {
  /// The live motion client over the IIO devices under `root`.
  ///
  /// Discovery runs first so that a machine without sensors gets a message naming the root
  /// searched and how to go on, before any client starts.
  static func liveMotion(root: String, mode: DemoArguments.ReadMode?) -> Result<
    Source<MotionClient>, SourceError
  > {
    let devices: [IIODevice]
    do {
      devices = try IIOSystem(root: root).devices()
    } catch {
      return .failure(
        .noSensor(
          "no motion sensors: \(error.description) Without --live or --iio-root, sensors-demo "
            + "replays the bundled recording; to try the live path without hardware, see "
            + "\"Try it without hardware\" in the README (umockdev-run)."))
    }
    guard
      devices.contains(where: { $0.measures(.accel) || $0.measures(.anglvel) || $0.measures(.magn) }
      )
    else {
      return .failure(
        .noSensor(
          "no accelerometer, gyroscope or magnetometer found under \(root) (looked for IIO devices with "
            + "in_accel_*, in_anglvel_* or in_magn_* channels). Load the sensor's driver, pass --iio-root DIR, "
            + "or drop --live to replay the bundled recording."))
    }
    // What the client decides or sees on its own (a fall-back to polling, a stale device,
    // devices plugged in or out) goes to standard error, beside the data on standard output.
    var client = MotionClient.live(
      root: root, mode: readingMode(mode), clock: ContinuousClock(),
      onEvent: { StandardError.write("sensors-demo: \($0)") })
    // A board's magnetometer calibration outlives the run: the next one starts calibrated.
    if let file = CalibrationFile.standard(environment: ProcessInfo.processInfo.environment) {
      client = client.keepingCalibration(in: file) { StandardError.write("sensors-demo: \($0)") }
    }
    let names = devices.map { "\($0.id) (\($0.name))" }.joined(separator: ", ")
    return .success(Source(client: client, description: "IIO sensors: \(names)", isReplay: false))
  }

  /// The motion client over a remote board's IIO sensors, served by iiod at `address`. What it
  /// sees on its own (links lost and restored, fall-backs) goes to standard error.
  static func liveMotion(iiod address: String, mode: DemoArguments.ReadMode?) -> Source<
    MotionClient
  > {
    let client = MotionClient.live(
      iiod: address, mode: readingMode(mode), clock: ContinuousClock(),
      onEvent: { StandardError.write("sensors-demo: \($0)") })
    return Source(client: client, description: "IIO sensors of iiod at \(address)", isReplay: false)
  }

  /// The client's reading mode for `--mode`.
  static func readingMode(_ mode: DemoArguments.ReadMode?) -> MotionReadingMode {
    switch mode {
    case .poll: .polling
    case .buffered: .buffered
    case nil: .automatic
    }
  }

  /// The location client over GeoClue2 on the system bus (`DBUS_SYSTEM_BUS_ADDRESS` where set).
  static func geoClueLocation() -> Source<LocationClient> {
    let configuration = LocationClient.Configuration(
      geoClue: GeoClueConfiguration(desktopID: "sensors-demo"))
    let bus = ProcessInfo.processInfo.environment["DBUS_SYSTEM_BUS_ADDRESS"] ?? "the system bus"
    return Source(
      client: .geoClue(configuration: configuration, clock: ContinuousClock()),
      description: "GeoClue on \(bus)", isReplay: false)
  }

  /// The live location client over gpsd at `address` (or `GPSD_HOST`/`GPSD_PORT`, else
  /// 127.0.0.1:2947).
  ///
  /// With `capture`, every line gpsd sends is also written there.
  static func liveLocation(
    _ address: DemoArguments.GPSDAddress?, capture: GPSDCaptureWriter? = nil,
    compass: CompassSource? = nil
  ) -> Source<LocationClient> {
    var configuration = LocationClient.Configuration(compass: compass)
    if let address {
      configuration.gpsd.host = address.host
      configuration.gpsd.port = address.port
    }
    let client =
      if let capture {
        LocationClient.live(
          configuration: configuration, clock: ContinuousClock(), capture: capture)
      } else {
        LocationClient.live(configuration: configuration, clock: ContinuousClock())
      }
    let description = "gpsd at \(configuration.gpsd.host):\(configuration.gpsd.port)"
    return Source(client: client, description: description, isReplay: false)
  }
}
