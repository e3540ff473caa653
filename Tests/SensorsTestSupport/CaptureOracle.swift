import ComposableLocation
import Foundation
import Testing

/// The fixes in a `gpspipe -w` capture, one per epoch, read with Foundation's JSON parser: an
/// oracle independent of the GPSD decoder and the merging the client uses. Shared by
/// ComposableLocationTests (replay) and GPSDIntegrationTests (live, against real gpsd).
///
/// gpsd sends one fix as consecutive TPVs with the same `time`; like gpsd's `gps_merge_fix`,
/// each later member replaces the earlier one, absent members keep theirs, `epx` and `epy` move
/// together, and `status` only rises.
public func fixesInCapture(_ url: URL) throws -> [[String: Any]] {
  let text = try String(contentsOf: url, encoding: .utf8)
  var fixes: [[String: Any]] = []
  var epochOpen = false
  for line in text.split(whereSeparator: \.isNewline) {
    let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
    guard let object, object["class"] as? String == "TPV" else { continue }
    guard (object["mode"] as? Int ?? 0) >= 2, object["lat"] != nil, object["lon"] != nil else {
      epochOpen = false
      continue
    }
    // A fix without a time has no epoch to share: it stands alone.
    guard let time = object["time"] as? String else {
      fixes.append(object)
      epochOpen = false
      continue
    }
    if epochOpen, let last = fixes.last, last["time"] as? String == time,
      last["device"] as? String == object["device"] as? String
    {
      var merged = last.merging(object) { _, later in later }
      if object["epx"] == nil || object["epy"] == nil {
        merged["epx"] = last["epx"]
        merged["epy"] = last["epy"]
      }
      merged["status"] = [last["status"] as? Int, object["status"] as? Int].compactMap { $0 }.max()
      fixes[fixes.count - 1] = merged
    } else {
      fixes.append(object)
      epochOpen = true
    }
  }
  return fixes
}

/// Checks that `location` carries exactly the values of `tpv` (a fix from
/// ``fixesInCapture(_:)``), absent ones absent.
public func expectSameValues(
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

/// gpsd's timestamps (ISO 8601 UTC with fractional seconds) as dates.
public func gpsdDate(_ text: String) -> Date? {
  let formatter = ISO8601DateFormatter()
  formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
  return formatter.date(from: text)
}
