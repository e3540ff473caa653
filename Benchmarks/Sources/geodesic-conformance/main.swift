// geodesic-conformance: solves geodesic problems read from standard input with
// ComposableLocation.Geodesic.wgs84 and prints one solution line per problem, for
// Benchmarks/scripts/geodesic-vs-geographiclib.py to compare with GeographicLib.
//
// Input lines:  `inverse KIND lat1 lon1 lat2 lon2` or `direct KIND lat1 lon1 azi1 s12`
// Output lines: `s12 azi1 azi2`                    or `lat2 lon2 azi2`
// (degrees and metres, shortest round-trip decimal forms; `error` when the problem is refused).

import ComposableLocation

var output = ""
output.reserveCapacity(1 << 20)
while let line = readLine() {
  let fields = line.split(separator: " ")
  guard fields.count == 6 else {
    output += "error\n"
    continue
  }
  let numbers = fields[2...].map { Double($0) ?? .nan }
  do {
    switch fields[0] {
    case "inverse":
      let solution = try Geodesic.wgs84.inverse(
        from: Coordinate(latitude: numbers[0], longitude: numbers[1]),
        to: Coordinate(latitude: numbers[2], longitude: numbers[3]))
      output += "\(solution.distance) \(solution.initialBearing) \(solution.finalBearing)\n"
    case "direct":
      let destination = try Geodesic.wgs84.direct(
        from: Coordinate(latitude: numbers[0], longitude: numbers[1]),
        bearing: numbers[2], distance: numbers[3])
      output +=
        "\(destination.coordinate.latitude) \(destination.coordinate.longitude) "
        + "\(destination.finalBearing)\n"
    default:
      output += "error\n"
    }
  } catch {
    output += "error\n"
  }
  if output.utf8.count > 1 << 20 {
    print(output, terminator: "")
    output.removeAll(keepingCapacity: true)
  }
}
print(output, terminator: "")
