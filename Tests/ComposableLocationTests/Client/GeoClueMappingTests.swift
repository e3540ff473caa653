import DBus
import Testing

@testable import ComposableLocation

/// How GeoClue's answers become locations and authorization, without a bus.
@Suite struct GeoClueMappingTests {
  /// The properties geoclue 2.6 gives a Location object from an NMEA GGA fix.
  static let properties: [String: DBusValue] = [
    "Latitude": .double(-27.210867), "Longitude": .double(153.052328), "Accuracy": .double(300),
    "Altitude": .double(3.0), "Speed": .double(-1), "Heading": .double(-1),
    "Description": .string("NMEA socket"),
    "Timestamp": .structure([.uint64(1_795_600_384), .uint64(802_000)]),
  ]

  @Test func unknownSpeedAndHeadingStayNil() throws {
    let location = try #require(GeoClueLocation.location(from: Self.properties))
    #expect(location.coordinate == Coordinate(latitude: -27.210867, longitude: 153.052328))
    #expect(location.horizontalAccuracy == 300)
    #expect(location.altitude == 3.0)
    #expect(location.speed == nil)
    #expect(location.course == nil)
    #expect(location.fix == .threeDimensional)
    #expect(location.timestamp == Timestamp(timeIntervalSince1970: 1_795_600_384.802))
  }

  @Test func unknownAltitudeIsMinusDoubleMax() throws {
    var properties = Self.properties
    properties["Altitude"] = .double(-Double.greatestFiniteMagnitude)
    properties["Speed"] = .double(1.93)
    properties["Heading"] = .double(133.96)
    let location = try #require(GeoClueLocation.location(from: properties))
    #expect(location.altitude == nil)
    #expect(location.fix == .twoDimensional)
    #expect(location.speed == 1.93)
    #expect(location.course == 133.96)
  }

  @Test func invalidCoordinatesAreNoLocation() {
    for (latitude, longitude) in [(91.0, 0.0), (Double.nan, 0.0), (0.0, Double.infinity)] {
      var properties = Self.properties
      properties["Latitude"] = .double(latitude)
      properties["Longitude"] = .double(longitude)
      #expect(GeoClueLocation.location(from: properties) == nil)
    }
    #expect(GeoClueLocation.location(from: [:]) == nil)
  }

  @Test func accessDeniedIsADenialAndEverythingElseUnavailability() {
    let refused = DBusError.remote(
      name: DBusError.accessDeniedName, message: "Geolocation disabled for UID 1000")
    #expect(GeoClueFeed.failure(refused) == .geoClueDenied(refused))
    #expect(GeoClueFeed.probeResult(refused) == .denied(.geoClueDenied(refused)))
    #expect(
      LocationError.geoClueDenied(refused).description.contains(
        "(Geolocation disabled for UID 1000)"), "GeoClue's own words, not the D-Bus error's name")
    // geoclue 2.6's answer when its agent refuses (the message as the binary has it; the demo
    // agent the integration tests run always grants, so this refusal is not reproduced there).
    let agentMessage =
      "Agent rejected 'composable-sensors' for user '1000'. Please ensure that "
      + "'composable-sensors' has installed a valid composable-sensors.desktop file."
    let agentRefusal = DBusError.remote(name: DBusError.accessDeniedName, message: agentMessage)
    #expect(GeoClueFeed.probeResult(agentRefusal) == .denied(.geoClueDenied(agentRefusal)))
    let missing = DBusError.remote(name: DBusError.serviceUnknownName, message: "not provided")
    #expect(GeoClueFeed.probeResult(missing) == .unavailable(.geoClueUnavailable(missing)))
    let noBus = DBusError.unreachable(path: "/run/dbus/system_bus_socket", errno: 2, reason: "x")
    #expect(GeoClueFeed.probeResult(noBus) == .unavailable(.geoClueUnavailable(noBus)))
  }

  /// The two Location objects geoclue 2.6 published for the fix at 09:53:09 of haicom-305N's
  /// log, as read from the bus: first from its GGA (a speed and heading geoclue derived from
  /// the previous position), then from its RMC (the receiver's own), with one Timestamp.
  static let gga: [String: DBusValue] = [
    "Latitude": .double(-27.21074), "Longitude": .double(153.05204833333335),
    "Accuracy": .double(50), "Altitude": .double(3.0), "Speed": .double(9.313187035553488),
    "Heading": .double(297.0308602606906), "Description": .string(""),
    "Timestamp": .structure([.uint64(1_795_773_189), .uint64(0)]),
  ]
  static let rmc: [String: DBusValue] = gga.merging([
    "Speed": .double(2.6699436000000003), "Heading": .double(299.36),
    "Altitude": .double(-Double.greatestFiniteMagnitude),
  ]) { $1 }

  @Test func oneFixsGGAAndRMCMergeIntoOneLocation() throws {
    let first = try #require(GeoClueLocation.location(from: Self.gga))
    let second = try #require(GeoClueLocation.location(from: Self.rmc))
    var epochs = EpochMerger<Location>()
    #expect(epochs.offer(first) == nil)
    #expect(epochs.offer(second) == nil, "the same Timestamp continues the epoch")
    let next = try #require(
      GeoClueLocation.location(
        from: Self.gga.merging(["Timestamp": .structure([.uint64(1_795_773_190), .uint64(0)])]) {
          $1
        }))
    let ended = epochs.offer(next)
    let merged = try #require(ended, "another Timestamp ends it")
    #expect(merged.speed == 2.6699436000000003, "the receiver's speed, sent last, wins")
    #expect(merged.course == 299.36)
    #expect(merged.altitude == 3.0, "kept from the GGA: the RMC had none")
    #expect(merged.fix == .threeDimensional, "the solution does not fall back to 2D")
    #expect(merged.horizontalAccuracy == 50)
    #expect(epochs.flush(generation: epochs.generation - 1) == nil, "an older epoch's timer")
    #expect(epochs.flush(generation: epochs.generation) == next)
  }

  @Test func locationsWithoutATimestampAreEpochsOfTheirOwn() throws {
    var properties = Self.gga
    properties["Timestamp"] = nil
    let untimed = try #require(GeoClueLocation.location(from: properties))
    var epochs = EpochMerger<Location>()
    #expect(epochs.offer(untimed) == nil)
    #expect(epochs.offer(untimed) == untimed)
  }
}
