import ComposableLocation
import DBus
import Foundation
import SensorsTestSupport
import Testing

/// ``LocationClient/geoClue(configuration:clock:)`` against a real geoclue 2.6 on a private bus,
/// fed the fixes of a gpsd regression log through its NMEA socket, with its demo agent.
@Suite(
  .tags(.integration), .serialized,
  .enabled(if: GeoClueServices.isInstalled, "\(GeoClueServices.skipMessage)"))
struct GeoClueIntegrationTests {
  static func sentences() throws -> [String] {
    let url = try #require(
      Bundle.module.url(
        forResource: "haicom-305N-fixes", withExtension: "nmea", subdirectory: "Fixtures"))
    return try String(contentsOf: url, encoding: .utf8).split(separator: "\n")
      .map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.filter { $0.hasPrefix("$") }
  }

  /// Starts the services and returns once geoclue owns its name on the bus.
  static func services(agent: Bool = true) async throws -> GeoClueServices {
    let services = try GeoClueServices.start(sentences: try sentences(), agent: agent)
    do {
      try await services.bus.waitUntilOwned("org.freedesktop.GeoClue2")
      return services
    } catch {
      services.stop()
      throw error
    }
  }

  static func configuration(_ services: GeoClueServices) throws -> LocationClient.Configuration {
    LocationClient.Configuration(
      geoClue: GeoClueConfiguration(
        bus: try DBusAddress(parsing: services.bus.address), desktopID: "composable-sensors-tests",
        callTimeout: .seconds(20)))
  }

  @Test func locationsFromTheNMEASourceArriveWithTheirValues() async throws {
    let services = try await Self.services()
    defer { services.stop() }
    let client = LocationClient.geoClue(configuration: try Self.configuration(services))
    let events = await client.create(id: "geoclue")
    let guardTask = watchdog(timeout: .seconds(40)) { await client.destroy(id: "geoclue") }
    defer { guardTask.cancel() }
    await client.requestWhenInUseAuthorization(id: "geoclue")
    await client.startUpdatingLocation(id: "geoclue")
    var seen: [LocationEvent] = []
    var location: Location?
    for await event in events {
      seen.append(event)
      if case .locationsUpdated(let locations) = event {
        location = locations.first
        break
      }
    }
    await client.destroy(id: "geoclue")
    let fix = try #require(
      location, "no location; events: \(seen); geoclue: \(services.bus.log(of: "geoclue"))")
    // 2712.65xx S 15303.13xx E in the log: Brisbane.
    #expect(abs(fix.coordinate.latitude - -27.2109) < 0.001)
    #expect(abs(fix.coordinate.longitude - 153.0523) < 0.001)
    #expect(fix.altitude == 3.0)
    #expect(fix.horizontalAccuracy != nil)
    #expect(fix.device == "geoclue")
    #expect(seen.contains(.authorizationChanged(.authorizedWhenInUse)))
    #expect(
      seen.contains { event in
        if case .serviceStateChanged(.source(.geoClue)) = event { return true }
        return false
      })
    // GeoClue stamps today's date with the NMEA time of day (09:53 UTC).
    let seconds = try #require(fix.timestamp?.timeIntervalSince1970)
    let timeOfDay = seconds.truncatingRemainder(dividingBy: 86_400)
    #expect(timeOfDay >= 9 * 3600 + 53 * 60 && timeOfDay < 9 * 3600 + 56 * 60)
  }

  @Test func liveChoosesGeoClueWhenGpsdDoesNotAnswerAndSaysSo() async throws {
    let services = try await Self.services()
    defer { services.stop() }
    let closed = try ClosedPort()
    var configuration = try Self.configuration(services)
    configuration.gpsd.host = "127.0.0.1"
    configuration.gpsd.port = closed.port
    let client = LocationClient.live(configuration: configuration)
    let events = await client.create(id: "auto")
    let guardTask = watchdog(timeout: .seconds(40)) { await client.destroy(id: "auto") }
    defer { guardTask.cancel() }
    await client.requestWhenInUseAuthorization(id: "auto")
    await client.startUpdatingLocation(id: "auto")
    var sources: [LocationSource] = []
    var location: Location?
    for await event in events {
      if case .serviceStateChanged(.source(let source)) = event { sources.append(source) }
      if case .locationsUpdated(let locations) = event {
        location = locations.first
        break
      }
    }
    await client.destroy(id: "auto")
    #expect(sources == [.geoClue(bus: services.bus.address)])
    #expect(location?.device == "geoclue")
  }

  @Test func eachFixArrivesOnceMergedFromItsGGAAndRMC() async throws {
    let services = try await Self.services()
    defer { services.stop() }
    let client = LocationClient.geoClue(configuration: try Self.configuration(services))
    let events = await client.create(id: "epochs")
    let guardTask = watchdog(timeout: .seconds(40)) { await client.destroy(id: "epochs") }
    defer { guardTask.cancel() }
    await client.requestWhenInUseAuthorization(id: "epochs")
    await client.startUpdatingLocation(id: "epochs")
    var locations: [Location] = []
    for await event in events {
      if case .locationsUpdated(let batch) = event { locations += batch }
      if locations.count >= 3 { break }
    }
    await client.destroy(id: "epochs")
    // GeoClue sends each fix twice (its GGA, then its RMC, one Timestamp): one location each.
    let times = locations.compactMap(\.timestamp)
    #expect(times.count == 3)
    #expect(zip(times, times.dropFirst()).allSatisfy { $0 < $1 }, "\(locations)")
    // The first fix: GGA's altitude kept, RMC's own course and speed (its GGA had none).
    #expect(locations.first?.altitude == 3.0)
    #expect(locations.first?.course == 133.96)
    #expect(locations.first?.speed == 0)
  }

  @Test func geoClueRestartingIsReconnectedAndSaidSo() async throws {
    let services = try await Self.services()
    defer { services.stop() }
    let client = LocationClient.geoClue(configuration: try Self.configuration(services))
    let events = await client.create(id: "restart")
    let guardTask = watchdog(timeout: .seconds(60)) { await client.destroy(id: "restart") }
    defer { guardTask.cancel() }
    await client.requestWhenInUseAuthorization(id: "restart")
    await client.startUpdatingLocation(id: "restart")
    var failure: LocationError?
    var states: [ServiceState] = []
    var restarted = false
    var locationAfterRestart: Location?
    for await event in events {
      switch event {
      case .locationsUpdated where !restarted:
        restarted = true
        services.geoclue.terminate()
      case .locationsUpdated(let locations) where states.last == .connected(release: nil):
        locationAfterRestart = locations.first
      case .failed(let error): failure = error
      case .serviceStateChanged(.reconnecting(let attempt)):
        states.append(.reconnecting(attempt: attempt))
        // GeoClue is gone: start it again, and an agent for it.
        try services.bus.launch([
          GeoClueServices.daemon, "-t", "0", "-u", services.nmea.path,
        ])
        try await services.bus.waitUntilOwned("org.freedesktop.GeoClue2")
        try services.bus.launch([GeoClueServices.agent])
      case .serviceStateChanged(let state): states.append(state)
      default: break
      }
      if locationAfterRestart != nil { break }
    }
    await client.destroy(id: "restart")
    #expect(failure == .geoClueUnavailable(.serviceLeft(name: "org.freedesktop.GeoClue2")))
    #expect(states.contains(.reconnecting(attempt: 1)))
    #expect(states.last == .connected(release: nil), "\(states)")
    #expect(
      locationAfterRestart?.device == "geoclue", "geoclue: \(services.bus.log(of: "geoclue"))")
  }

  /// Whether this process may make a private mount namespace (`unshare -m`: root, or a
  /// container that allows it), to give geoclue another configuration.
  static var canUnshare: Bool {
    guard let unshare = ChildProcess.executable("unshare") else { return false }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: unshare)
    process.arguments = ["-m", "true"]
    process.standardError = FileHandle.nullDevice
    guard (try? process.run()) != nil else { return false }
    process.waitUntilExit()
    return process.terminationStatus == 0
  }

  @Test(
    .enabled(if: canUnshare, "needs unshare -m (root or CAP_SYS_ADMIN) to bind-mount geoclue.conf"))
  func anAppGeoClueConfigurationDisallowsIsDenied() async throws {
    let bus = try PrivateBus.start()
    defer { bus.stop() }
    let nmea = try NMEASocketServer.start(
      path: bus.directory.appendingPathComponent("nmea.sock").path, sentences: try Self.sentences())
    defer { nmea.stop() }
    // The stock configuration, plus this app refused, as an administrator would write it.
    let stock = try String(contentsOfFile: "/etc/geoclue/geoclue.conf", encoding: .utf8)
    let conf = bus.directory.appendingPathComponent("geoclue.conf")
    try (stock + "\n[composable-sensors-tests]\nallowed=false\nsystem=false\nusers=\n")
      .write(to: conf, atomically: true, encoding: .utf8)
    let unshare = try #require(ChildProcess.executable("unshare"))
    try bus.launch([
      unshare, "-m", "/bin/sh", "-c",
      "mount --bind '\(conf.path)' /etc/geoclue/geoclue.conf && exec \(GeoClueServices.daemon) "
        + "-t 0 -u '\(nmea.path)'",
    ])
    try await bus.waitUntilOwned("org.freedesktop.GeoClue2")
    try bus.launch([GeoClueServices.agent])
    let client = LocationClient.geoClue(
      configuration: LocationClient.Configuration(
        geoClue: GeoClueConfiguration(
          bus: try DBusAddress(parsing: bus.address), desktopID: "composable-sensors-tests",
          callTimeout: .seconds(20))))
    let events = await client.create(id: "refused")
    let guardTask = watchdog(timeout: .seconds(40)) { await client.destroy(id: "refused") }
    defer { guardTask.cancel() }
    await client.requestWhenInUseAuthorization(id: "refused")
    var failure: LocationError?
    for await event in events {
      if case .failed(let error) = event {
        failure = error
        break
      }
    }
    await client.destroy(id: "refused")
    guard case .geoClueDenied(let reason)? = failure else {
      Issue.record(
        "expected geoClueDenied, got \(String(describing: failure)); \(bus.log(of: "unshare"))")
      return
    }
    #expect("\(reason)".contains("composable-sensors-tests"), "GeoClue's message: \(reason)")
    #expect(await client.authorizationStatus() == .denied)
    #expect(await client.locationServicesEnabled() == true, "GeoClue runs; it refused this app")
  }

  @Test func noGeoClueOnTheBusMeansServicesDisabled() async throws {
    let bus = try PrivateBus.start()
    defer { bus.stop() }
    let configuration = LocationClient.Configuration(
      geoClue: GeoClueConfiguration(bus: try DBusAddress(parsing: bus.address)))
    let client = LocationClient.geoClue(configuration: configuration)
    let events = await client.create(id: "none")
    await client.requestWhenInUseAuthorization(id: "none")
    var failure: LocationError?
    for await event in events {
      if case .failed(let error) = event {
        failure = error
        break
      }
    }
    await client.destroy(id: "none")
    guard case .geoClueUnavailable(let cause)? = failure else {
      Issue.record("expected geoClueUnavailable, got \(String(describing: failure))")
      return
    }
    #expect(cause.remoteName == DBusError.serviceUnknownName)
    #expect(await client.locationServicesEnabled() == false)
    #expect(await client.authorizationStatus() == .denied)
  }
}
