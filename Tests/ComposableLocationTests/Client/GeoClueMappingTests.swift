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
    let missing = DBusError.remote(name: DBusError.serviceUnknownName, message: "not provided")
    #expect(GeoClueFeed.probeResult(missing) == .unavailable(.geoClueUnavailable(missing)))
    let noBus = DBusError.unreachable(path: "/run/dbus/system_bus_socket", errno: 2, reason: "x")
    #expect(GeoClueFeed.probeResult(noBus) == .unavailable(.geoClueUnavailable(noBus)))
  }
}
