import DBus
import Foundation
import SensorsTestSupport
import Testing

@testable import ComposableLocation

/// The GeoClue session's own steps against real geoclue 2.6: what the reader falls back on when
/// its subscription dropped `LocationUpdated` signals.
@Suite(
  .tags(.integration), .serialized,
  .enabled(if: GeoClueServices.isInstalled, "\(GeoClueServices.skipMessage)"))
struct GeoClueSessionTests {
  @Test func theCurrentLocationIsTheLatestAnnouncedOne() async throws {
    let services = try await GeoClueIntegrationTests.services()
    defer { services.stop() }
    let configuration = GeoClueConfiguration(
      bus: try DBusAddress(parsing: services.bus.address), desktopID: "composable-sensors-tests",
      callTimeout: .seconds(20))
    let connection = try await GeoClueSession.connect(configuration, clock: ContinuousClock())
    defer { connection.cancel() }
    let session = try await GeoClueSession.create(configuration, on: connection)
    #expect(try await session.currentLocation() == nil, "no fix before Start: GeoClue says /")
    let updates = try await session.locationUpdates()
    try await session.start()
    var iterator = updates.makeAsyncIterator()
    guard case .signal(let path)? = try await iterator.next() else {
      Issue.record("no LocationUpdated")
      return
    }
    // Stop first, so no newer fix replaces the one announced while it is compared.
    _ = try await connection.call(
      destination: GeoClueSession.service, path: session.clientPath,
      interface: GeoClueSession.clientInterface, member: "Stop")
    let announced = try await session.location(at: path)
    let current = try #require(try await session.currentLocation())
    // The announced fix, or one GeoClue announced after it before it stopped: never an older
    // one, but possibly one with the same timestamp (a fix from the NMEA source carries the
    // sentence's time, whole seconds, and two fixes can come from one second; seen once).
    let announcedTime = try #require(announced.timestamp?.timeIntervalSince1970)
    let currentTime = try #require(current.timestamp?.timeIntervalSince1970)
    #expect(current == announced || currentTime >= announcedTime, "\(current) vs \(announced)")
    #expect(current.device == "geoclue")
    await session.end()
  }
}
