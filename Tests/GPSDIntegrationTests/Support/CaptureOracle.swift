import ComposableLocation
import Foundation
import SensorsTestSupport
import Testing

// The expected fixes come from `fixesInCapture(_:)` (SensorsTestSupport): one per epoch.

/// Checks that `location` carries exactly the values of `tpv`, absent ones absent.
func expectSameValues(
  _ location: Location, as tpv: [String: Any], sourceLocation: SourceLocation = #_sourceLocation
) {
  #expect(location.coordinate.latitude == tpv["lat"] as? Double, sourceLocation: sourceLocation)
  #expect(location.coordinate.longitude == tpv["lon"] as? Double, sourceLocation: sourceLocation)
  #expect(location.altitude == tpv["altMSL"] as? Double, sourceLocation: sourceLocation)
  #expect(
    location.ellipsoidalAltitude == tpv["altHAE"] as? Double, sourceLocation: sourceLocation)
  #expect(location.horizontalAccuracy == tpv["eph"] as? Double, sourceLocation: sourceLocation)
  #expect(location.verticalAccuracy == tpv["epv"] as? Double, sourceLocation: sourceLocation)
  #expect(location.speed == tpv["speed"] as? Double, sourceLocation: sourceLocation)
  #expect(location.speedAccuracy == tpv["eps"] as? Double, sourceLocation: sourceLocation)
  #expect(location.course == tpv["track"] as? Double, sourceLocation: sourceLocation)
  #expect(location.climb == tpv["climb"] as? Double, sourceLocation: sourceLocation)
  #expect(location.magneticVariation == tpv["magvar"] as? Double, sourceLocation: sourceLocation)
  #expect(
    location.timestamp
      == (tpv["time"] as? String).flatMap(gpsdDate).map {
        Timestamp(timeIntervalSince1970: $0.timeIntervalSince1970)
      },
    sourceLocation: sourceLocation)
}

/// gpsd's timestamps: ISO 8601 UTC with fractional seconds.
func gpsdDate(_ text: String) -> Date? {
  let formatter = ISO8601DateFormatter()
  formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
  return formatter.date(from: text)
}
