import ComposableLocation
import Foundation
import GPSD
import SensorsTestSupport
import Testing

/// `LocationClient.live` against real gpsd (under gpsfake) replaying real receiver logs.
@Suite(
  .tags(.integration), .serialized, .enabled(if: Gpsfake.isInstalled, "\(Gpsfake.skipMessage)"))
struct LiveLocationClientTests {
  struct ID: Hashable, Sendable {}

  static func client(for gpsd: Gpsfake) -> LocationClient {
    var gpsdConfiguration = gpsd.configuration
    gpsdConfiguration.reconnect = .never  // the replay ends with gpsd exiting
    return .live(configuration: .init(gpsd: gpsdConfiguration))
  }

  /// TPVs with a fix in gpsd 3.22's capture of the same replay (see ``fixesInCapture(_:)``).
  static func capturedFixes(_ log: String) throws -> [[String: Any]] {
    let url = try #require(
      Bundle.module.url(
        forResource: log + ".gpsd-3.22", withExtension: "jsonl", subdirectory: "Fixtures"))
    return try fixesInCapture(url)
  }

  /// Collects events until gpsd announces the end of the replay (DEVICE activated:0) or the feed ends
  /// (or the watchdog destroys the manager).
  static func collectReplay(_ events: AsyncStream<LocationEvent>) async -> [LocationEvent] {
    var collected: [LocationEvent] = []
    for await event in events {
      collected.append(event)
      switch event {
      case .serviceStateChanged(.deviceLost), .serviceStateChanged(.ended): return collected
      default: continue
      }
    }
    return collected
  }

  /// One replay of `log` by real gpsd, through a live client, from create to destroy.
  func replayThroughClient(log: String) async throws -> [LocationEvent] {
    let gpsd = try await Gpsfake.started(log: log)
    defer { gpsd.stop() }
    let client = Self.client(for: gpsd)
    let events = await client.create(id: ID())
    let guardTask = watchdog { await client.destroy(id: ID()) }
    defer { guardTask.cancel() }
    await client.startUpdatingLocation(id: ID())
    let all = await Self.collectReplay(events)
    await client.destroy(id: ID())
    await gpsd.stopped()
    return all
  }

  /// The first event `match` picks out, or `nil` when the feed ends first (gpsd gone, nothing more
  /// to come) or the watchdog finishes the stream.
  static func next<T>(
    in events: AsyncStream<LocationEvent>, _ match: (LocationEvent) -> T?
  ) async -> T? {
    for await event in events {
      if let value = match(event) { return value }
      if event == .serviceStateChanged(.ended) { return nil }
    }
    return nil
  }

  /// The first location delivered, or `nil` when the feed ends first.
  static func firstLocation(in events: AsyncStream<LocationEvent>) async -> Location? {
    await next(in: events) { event -> Location? in
      if case .locationsUpdated(let locations) = event { locations.first } else { nil }
    }
  }

  /// Every gpsd regression log of the fixtures.
  static let logs = [
    "myguide-3100", "nmea-rtk", "garmin-10x", "ublox-zed-f9p-nmea", "skytraq", "haicom-305N",
    "triton400",
  ]

  @Test(
    "Every fix (the TPVs of one time, merged) becomes exactly one location with the same values",
    arguments: logs)
  func everyFixOnce(log: String) async throws {
    let expected = try Self.capturedFixes(log)
    let opening: [LocationEvent] = [
      .serviceStateChanged(.connecting), .authorizationChanged(.authorizedWhenInUse),
      .serviceStateChanged(.connected(release: "3.22")),
    ]
    // gpsfake -p starts the replay about 1.4 s after gpsd is up, so a client that connects late (a loaded
    // 2-core CI machine) finds gpsd gone or misses the first fixes: that is gpsfake's start-up race,
    // not the client's. Up to three replays; the values are checked on the first complete one.
    var all: [LocationEvent] = []
    for _ in 0..<3 {
      all = try await replayThroughClient(log: log)
      let count = all.reduce(0) { count, event in
        if case .locationsUpdated(let l) = event { count + l.count } else { count }
      }
      if Array(all.prefix(3)) == opening, count == expected.count { break }
    }

    // No prompt on Linux: gpsd accepting the WATCH is what authorizes.
    #expect(Array(all.prefix(3)) == opening)
    let locations = all.flatMap { event -> [Location] in
      if case .locationsUpdated(let l) = event { l } else { [] }
    }
    #expect(
      locations.count == expected.count,
      "\(log): \(locations.count) locations, \(expected.count) fixes captured")
    for (location, tpv) in zip(locations, expected) {
      expectSameValues(location, as: tpv)
      #expect(location.device?.hasPrefix("/dev/") == true)
    }
    let times = locations.compactMap(\.timestamp)
    #expect(Set(times).count == times.count, "\(log): one location per fix time")
    if log == "skytraq" { #expect(locations.isEmpty, "skytraq never gets a fix") }
    if log == "ublox-zed-f9p-nmea" {
      #expect(
        all.contains { if case .satellitesUpdated(let s) = $0 { s.count > 30 } else { false } })
    }
  }

  @Test("Authorization: gpsd answering authorizes, and streaming reuses the probe's connection")
  func authorizationWithGpsdRunning() async throws {
    let gpsd = try await Gpsfake.started(log: "nmea-rtk")
    defer { gpsd.stop() }
    let client = Self.client(for: gpsd)
    let statuses = await client.authorizationStatusUpdates()
    let events = await client.create(id: ID())
    let guardTask = watchdog { await client.destroy(id: ID()) }
    defer { guardTask.cancel() }
    await client.requestWhenInUseAuthorization(id: ID())
    #expect(await client.authorizationStatus() == .authorizedWhenInUse)
    #expect(await client.locationServicesEnabled())
    var iterator = statuses.makeAsyncIterator()
    #expect(await iterator.next() == .notDetermined)
    #expect(await iterator.next() == .authorizedWhenInUse)
    // One connection: the probe's, parked for streaming (gpsfake replays to one client only).
    #expect(Descriptors.socketsConnected(toPort: gpsd.port) == 1)
    await client.startUpdatingLocation(id: ID())
    #expect(await Self.firstLocation(in: events) != nil)
    #expect(Descriptors.socketsConnected(toPort: gpsd.port) == 1)
    await client.destroy(id: ID())
    #expect(Descriptors.socketsConnected(toPort: gpsd.port) == 0)
    await gpsd.stopped()
  }

  @Test("gpsd not running: services disabled, denied, a clear error, no crash or hang")
  func gpsdNotRunning() async throws {
    let closed = try ClosedPort()
    defer { withExtendedLifetime(closed) {} }  // nothing may listen there until the end
    let port = closed.port
    let client = LocationClient.live(
      configuration: .init(gpsd: .init(host: "127.0.0.1", port: port, reconnect: .never)))
    let events = await client.create(id: ID())
    let guardTask = watchdog { await client.destroy(id: ID()) }
    defer { guardTask.cancel() }
    await client.requestWhenInUseAuthorization(id: ID())
    #expect(await client.authorizationStatus() == .denied)
    #expect(await client.locationServicesEnabled() == false)
    var iterator = events.makeAsyncIterator()
    #expect(await iterator.next() == .authorizationChanged(.denied))
    let failure = await iterator.next()
    guard case .failed(.serviceUnavailable(let address, _))? = failure else {
      Issue.record("expected serviceUnavailable, got \(String(describing: failure))")
      return
    }
    #expect(address == "127.0.0.1:\(port)")
    #expect(failure.map { "\($0)" }?.contains("systemctl start gpsd") == true)
    await #expect(throws: LocationError.notAuthorized(.denied)) {
      try await client.requestLocation(id: ID())
    }

    // Starting updates anyway reports the same, as events, and the stream stays usable.
    await client.startUpdatingLocation(id: ID())
    var sawUnavailable = false
    while let event = await iterator.next() {
      if event == .serviceStateChanged(.unavailable) {
        sawUnavailable = true
        break
      }
    }
    #expect(sawUnavailable)
    await client.destroy(id: ID())
  }

  @Test("destroy closes the gpsd socket before it returns")
  func destroyReleasesTheSocket() async throws {
    // Paced, so the replay is still running when a slow machine connects.
    let gpsd = try await Gpsfake.started(log: "haicom-305N", cycle: 0.05)
    defer { gpsd.stop() }
    let client = Self.client(for: gpsd)
    let events = await client.create(id: ID())
    let guardTask = watchdog { await client.destroy(id: ID()) }
    defer { guardTask.cancel() }
    await client.startUpdatingLocation(id: ID())
    try #require(
      await Self.firstLocation(in: events) != nil, "a location arrives while gpsd replays")
    // Dropping the stream would destroy the manager too: keep it until the check is done.
    withExtendedLifetime(events) {
      #expect(Descriptors.socketsConnected(toPort: gpsd.port) == 1)
    }
    await client.destroy(id: ID())
    #expect(Descriptors.socketsConnected(toPort: gpsd.port) == 0)
    await gpsd.stopped()
  }

  @Test("Stopping the last service closes the socket; starting again reconnects")
  func stopThenRestart() async throws {
    // Paced, so the replay outlives the stop and the restart on a slow machine.
    let gpsd = try await Gpsfake.started(log: "haicom-305N", cycle: 0.05)
    defer { gpsd.stop() }
    let client = Self.client(for: gpsd)
    let events = await client.create(id: ID())
    let guardTask = watchdog { await client.destroy(id: ID()) }
    defer { guardTask.cancel() }
    await client.startUpdatingLocation(id: ID())
    try #require(
      await Self.firstLocation(in: events) != nil, "a location arrives while gpsd replays")
    await client.stopUpdatingLocation(id: ID())
    #expect(Descriptors.socketsConnected(toPort: gpsd.port) == 0)
    await client.startUpdatingHeading(id: ID())
    let reconnected = await Self.next(in: events) { event -> Bool? in
      if case .serviceStateChanged(.connected) = event { true } else { nil }
    }
    #expect(reconnected == true, "starting again connects again")
    withExtendedLifetime(events) {
      #expect(Descriptors.socketsConnected(toPort: gpsd.port) == 1)
    }
    await client.destroy(id: ID())
    #expect(Descriptors.socketsConnected(toPort: gpsd.port) == 0)
    await gpsd.stopped()
  }

  @Test(
    "gpsd killed mid-stream and restarted: reconnects, updates resume, nothing duplicated, still authorized"
  )
  func gpsdRestart() async throws {
    let first = try await Gpsfake.started(log: "nmea-rtk", cycle: 0.02)
    var second: Gpsfake?
    defer {
      first.stop()
      second?.stop()
    }
    let client = LocationClient.live(configuration: .init(gpsd: first.configuration))
    let events = await client.create(id: ID())
    let guardTask = watchdog { await client.destroy(id: ID()) }
    defer { guardTask.cancel() }
    await client.startUpdatingLocation(id: ID())
    var all: [LocationEvent] = []
    var locationsBeforeKill = 0
    var connections = 0
    for await event in events {
      all.append(event)
      if case .locationsUpdated = event { locationsBeforeKill += second == nil ? 1 : 0 }
      if case .serviceStateChanged(.connected) = event { connections += 1 }
      if second == nil, locationsBeforeKill == 3 {
        await first.killedGpsd()
        second = try await Gpsfake.started(log: "garmin-10x", port: first.port)
      }
      // Done when the second replay has ended: gpsd announces DEVICE activated:0. (At least two
      // connections: a start that Gpsfake relaunches may add one to a gpsd without a device.)
      if connections >= 2, case .serviceStateChanged(.deviceLost) = event { break }
    }
    await client.destroy(id: ID())
    await second?.stopped()

    let cut = try #require(
      all.firstIndex { if case .serviceStateChanged(.reconnecting) = $0 { true } else { false } })
    func coordinates(_ slice: ArraySlice<LocationEvent>) -> [[Double]] {
      slice.flatMap { event -> [Location] in
        if case .locationsUpdated(let l) = event { l } else { [] }
      }
      .map { [$0.coordinate.latitude, $0.coordinate.longitude] }
    }
    func captured(_ log: String) throws -> [[Double]] {
      try Self.capturedFixes(log).map {
        [$0["lat"] as? Double ?? .nan, $0["lon"] as? Double ?? .nan]
      }
    }
    let before = coordinates(all[..<cut])
    let after = coordinates(all[cut...])
    let rtk = try captured("nmea-rtk")
    let garmin = try captured("garmin-10x")
    #expect(before.count >= 3 && Array(rtk.prefix(before.count)) == before)
    #expect(after == garmin, "the second gpsd's fixes, each exactly once")
    let authorizations = all.filter { if case .authorizationChanged = $0 { true } else { false } }
    #expect(
      authorizations == [.authorizationChanged(.authorizedWhenInUse)],
      "a restart is not a revocation")
    #expect(await client.authorizationStatus() == .authorizedWhenInUse)
  }
}
