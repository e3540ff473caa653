import ComposableLocation
import Dispatch
import FuzzDriver
import Glibc

/// libFuzzer entry point: the bytes as a `gpspipe -w` capture played by `LocationClient.replay`,
/// the whole pipeline an app feeds from a file: line splitting, decoding, the translation into
/// locations, satellites and headings, the location filters and a region monitor. The replay
/// may report errors as events; it must never trap or hang, it must end, and everything it
/// delivers must be a value Core Location could deliver (valid coordinates, no NaN).
@_cdecl("LLVMFuzzerTestOneInput")
public func locationReplayFuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
  let done = DispatchSemaphore(value: 0)
  // A harness may block its own thread (libFuzzer's, not one of Swift concurrency's).
  Task {
    await replay(bytes)
    done.signal()
  }
  done.wait()
  return 0
}

/// Plays `capture` to its end (no waits between fixes) with every service started.
func replay(_ capture: [UInt8]) async {
  let client = LocationClient.replay(capture: capture, maximumGap: .zero)
  let id = 1
  let events = await client.create(id: id)
  await client.startMonitoring(
    id: id, region: Region(id: "r", center: Coordinate(latitude: 1, longitude: 2), radius: 100))
  await client.startUpdatingHeading(id: id)
  await client.startMonitoringSignificantLocationChanges(id: id)
  await client.startMonitoringVisits(id: id)
  await client.startUpdatingLocation(id: id)
  // Every line yields a bounded number of events; far more means the replay does not end.
  let limit = 64 + 16 * capture.count
  var count = 0
  for await event in events {
    count += 1
    if count > limit { fatalError("more than \(limit) events from \(capture.count) bytes") }
    check(event)
    if case .serviceStateChanged(.ended) = event { break }
  }
  await client.destroy(id: id)
}

/// What a replay delivers is what Core Location could: valid coordinates, finite headings.
func check(_ event: LocationEvent) {
  switch event {
  case .locationsUpdated(let locations):
    for location in locations {
      if !location.coordinate.isValid { fatalError("an invalid coordinate: \(location)") }
      for value in [location.horizontalAccuracy, location.speed, location.course] {
        if let value, value.isNaN { fatalError("a location carries NaN: \(location)") }
      }
    }
  case .headingUpdated(let heading):
    if !heading.trueHeading.isFinite { fatalError("a heading that is not finite: \(heading)") }
  case .visit(let visit):
    if !visit.coordinate.isValid { fatalError("a visit at an invalid coordinate: \(visit)") }
  default:
    break
  }
}

/// The executable's entry point: libFuzzer's driver, run on this harness's target.
@main
enum LocationReplayFuzzer {
  static func main() {
    runLibFuzzer(locationReplayFuzzerTestOneInput)
  }
}
