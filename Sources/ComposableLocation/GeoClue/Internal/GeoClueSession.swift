import DBus
import SensorsCore

/// One GeoClue client on a bus connection: create, configure, start, read locations, stop. The
/// connection outlives it: when GeoClue restarts, a new client is created on it.
///
/// The D-Bus steps GeoClue2 documents: `Manager.CreateClient`, the client's `DesktopId`,
/// `RequestedAccuracyLevel`, `DistanceThreshold` and `TimeThreshold` properties, `Start`, then
/// `LocationUpdated(old, new)` signals naming `Location` objects whose properties are read.
struct GeoClueSession: Sendable {
  static let service = "org.freedesktop.GeoClue2"
  static let managerPath = "/org/freedesktop/GeoClue2/Manager"
  static let managerInterface = "org.freedesktop.GeoClue2.Manager"
  static let clientInterface = "org.freedesktop.GeoClue2.Client"
  static let locationInterface = "org.freedesktop.GeoClue2.Location"

  let connection: DBusConnection
  let clientPath: String
  let timeout: Duration

  /// Connects to GeoClue's bus.
  static func connect(_ configuration: GeoClueConfiguration, clock: any Clock<Duration>)
    async throws(DBusError) -> DBusConnection
  {
    try await DBusConnection.connect(
      to: try configuration.address(), clock: clock, defaultTimeout: configuration.callTimeout)
  }

  /// Creates a configured client (not started) on `connection`.
  static func create(_ configuration: GeoClueConfiguration, on connection: DBusConnection)
    async throws(DBusError) -> GeoClueSession
  {
    let reply = try await connection.call(
      destination: service, path: managerPath, interface: managerInterface,
      member: "CreateClient")
    guard case .objectPath(let path)? = reply.first else {
      throw DBusError.unexpectedReply(
        what: "CreateClient's reply", signature: reply.map(\.type.description).joined())
    }
    let session = GeoClueSession(
      connection: connection, clientPath: path, timeout: configuration.callTimeout)
    try await session.set("DesktopId", .string(configuration.desktopID))
    try await session.set("RequestedAccuracyLevel", .uint32(configuration.accuracy.rawValue))
    try await session.set("DistanceThreshold", .uint32(configuration.distanceThreshold))
    try await session.set("TimeThreshold", .uint32(configuration.timeThreshold))
    return session
  }

  private func set(_ name: String, _ value: DBusValue) async throws(DBusError) {
    try await connection.setProperty(
      name, to: value, interface: Self.clientInterface, path: clientPath,
      destination: Self.service)
  }

  /// Subscribes to the client's `LocationUpdated` signals (before ``start()``, so the first is
  /// not missed), decoded to the new location's object path; the stream fails when GeoClue
  /// leaves the bus, and announces signals it dropped (read ``currentLocation()`` then).
  func locationUpdates() async throws(DBusError) -> DBusSignalStream<String> {
    try await connection.signals(
      matching: DBusMatchRule(
        sender: Self.service, interface: Self.clientInterface, member: "LocationUpdated",
        path: clientPath),
      whileOwned: Self.service
    ).decoding { update in
      guard update.body.count == 2, case .objectPath(let path) = update.body[1] else { return nil }
      return path
    }
  }

  /// The client's current `Location` object, or nil before the first fix (GeoClue says `/`).
  func currentLocation() async throws(DBusError) -> Location? {
    let value = try await connection.property(
      "Location", interface: Self.clientInterface, path: clientPath, destination: Self.service)
    guard case .objectPath(let path) = value else {
      throw .unexpectedReply(what: "the client's Location", signature: value.type.description)
    }
    return path == "/" ? nil : try await location(at: path)
  }

  /// `Start`: GeoClue asks its agent, and answers `AccessDenied` when refused.
  func start() async throws(DBusError) {
    _ = try await connection.call(
      destination: Self.service, path: clientPath, interface: Self.clientInterface,
      member: "Start")
  }

  /// Reads the `Location` object at `path`.
  func location(at path: String) async throws(DBusError) -> Location {
    let properties = try await connection.allProperties(
      interface: Self.locationInterface, path: path, destination: Self.service)
    guard let location = GeoClueLocation.location(from: properties) else {
      throw .unexpectedReply(
        what: "GeoClue's Location \(path)",
        signature: DBusValue.dictionary(key: .string, value: .variant, []).type.description)
    }
    return location
  }

  /// Stops and deletes the client. Errors are ignored: GeoClue may already be gone (and its
  /// clients with it).
  func end() async {
    guard connection.endReason == nil else { return }
    try? connection.send(
      DBusMessage(
        kind: .methodCall, flags: DBusMessage.noReplyExpected, path: clientPath,
        interface: Self.clientInterface, member: "Stop", destination: Self.service))
    _ = try? await connection.call(
      destination: Self.service, path: Self.managerPath, interface: Self.managerInterface,
      member: "DeleteClient", arguments: [.objectPath(clientPath)], timeout: .seconds(2))
  }
}
