import ComposableLocation
import Foundation
import Testing

/// Loads a fixture capture from the test bundle.
func fixtureURL(_ name: String) throws -> URL {
  guard
    let url = Bundle.module.url(
      forResource: name + ".gpsd-3.22", withExtension: "jsonl", subdirectory: "Fixtures")
  else {
    throw FixtureMissing(name: name)
  }
  return url
}

struct FixtureMissing: Error, CustomStringConvertible {
  var name: String
  var description: String { "Fixtures/\(name).gpsd-3.22.jsonl is missing from the test bundle" }
}

/// A synthetic `gpspipe -w` capture: a VERSION banner then one TPV per fix, one second apart.
struct SyntheticCapture {
  var lines: [String] = [
    #"{"class":"VERSION","release":"3.22","rev":"3.22","proto_major":3,"proto_minor":14}"#
  ]
  var second = 0

  mutating func fix(
    _ c: Coordinate, eph: Double = 5, speed: Double? = nil, track: Double? = nil,
    after seconds: Int = 1
  ) {
    second += seconds
    let time = String(
      format: "2026-01-01T%02d:%02d:%02d.000Z", second / 3600, second / 60 % 60, second % 60)
    var line =
      #"{"class":"TPV","device":"/dev/ttyACM0","mode":3,"time":"\#(time)","lat":\#(c.latitude),"lon":\#(c.longitude),"eph":\#(eph)"#
    if let speed { line += #","speed":\#(speed)"# }
    if let track { line += #","track":\#(track)"# }
    lines.append(line + "}")
  }

  mutating func raw(_ line: String) {
    lines.append(line)
  }

  var data: Data { Data((lines.joined(separator: "\r\n") + "\r\n").utf8) }
}

/// Collects events until `stop` says so (inclusive) or the stream ends. Gives up after `timeout`
/// of real time (a safety net, not a timing check) with an issue, returning what arrived, so a
/// missing event fails the test instead of hanging it.
func collect(
  _ stream: AsyncStream<LocationEvent>, timeout: Duration = .seconds(30),
  sourceLocation: SourceLocation = #_sourceLocation,
  until stop: @escaping @Sendable (LocationEvent) -> Bool = { _ in false }
) async -> [LocationEvent] {
  await withTaskGroup(of: [LocationEvent]?.self) { group in
    group.addTask {
      var events: [LocationEvent] = []
      for await event in stream {
        events.append(event)
        if stop(event) { break }
      }
      return events
    }
    group.addTask {
      try? await ContinuousClock().sleep(for: timeout)
      return nil
    }
    defer { group.cancelAll() }
    if let events = await group.next() ?? nil { return events }
    if Task.isCancelled {
      // The caller was cancelled, which also ended the timeout's sleep: not a time-out. The
      // iteration ends too and returns what it had collected.
      return await group.next().flatMap { $0 } ?? []
    }
    Issue.record(
      "Timed out after \(timeout) collecting location events", sourceLocation: sourceLocation)
    // Cancelling ends the iteration, which returns what it had collected.
    group.cancelAll()
    let partial = await group.next()
    return partial.flatMap { $0 } ?? []
  }
}

extension LocationEvent {
  var isEnd: Bool { self == .serviceStateChanged(.ended) }
  var locations: [Location] {
    if case .locationsUpdated(let l) = self { return l }
    return []
  }
}

/// Points due north of a centre at a given distance, for boundary tests.
func point(_ meters: Double, northOf center: Coordinate) -> Coordinate {
  // Bisection on the ellipsoid keeps the distance exact without a direct geodesic solver.
  var low = 0.0
  var high = 1.0
  for _ in 0..<60 {
    let mid = (low + high) / 2
    let d =
      (try? center.distance(
        to: Coordinate(latitude: center.latitude + mid, longitude: center.longitude))) ?? 0
    if d < meters { low = mid } else { high = mid }
  }
  return Coordinate(latitude: center.latitude + low, longitude: center.longitude)
}

func fix(_ coordinate: Coordinate, accuracy: Double? = 5, at seconds: TimeInterval = 0) -> Location
{
  Location(
    coordinate: coordinate, horizontalAccuracy: accuracy,
    timestamp: Timestamp(timeIntervalSince1970: seconds))
}
