import ComposableLocation
import Foundation
import GPSD
import SensorsTestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Capture, then replay: a live client recording what real gpsd (under gpsfake) sends, and the
/// capture replayed, give the same fixes and satellites, value for value.
@Suite(
  .tags(.integration), .serialized, .enabled(if: Gpsfake.isInstalled, "\(Gpsfake.skipMessage)"))
struct CaptureReplayTests {
  struct ID: Hashable, Sendable {}

  /// What the round trip compares: every fix and every satellite table, in order.
  static func observations(_ events: [LocationEvent]) -> (
    locations: [Location], satellites: [[Satellite]]
  ) {
    var locations: [Location] = []
    var satellites: [[Satellite]] = []
    for event in events {
      switch event {
      case .locationsUpdated(let fixes): locations += fixes
      case .satellitesUpdated(let table): satellites.append(table)
      default: continue
      }
    }
    return (locations, satellites)
  }

  /// One replay of `log` by gpsd through a live client that captures to `path`.
  func capture(log: String, to path: String) async throws -> (
    events: [LocationEvent], lines: Int
  ) {
    let writer = try GPSDCaptureWriter(path: path)
    let gpsd = try await Gpsfake.started(log: log)
    defer { gpsd.stop() }
    var configuration = gpsd.configuration
    configuration.reconnect = .never  // the replay ends with gpsd exiting
    let client = LocationClient.live(configuration: .init(gpsd: configuration), capture: writer)
    let events = await client.create(id: ID())
    let guardTask = watchdog { await client.destroy(id: ID()) }
    defer { guardTask.cancel() }
    await client.startUpdatingLocation(id: ID())
    let live = await LiveLocationClientTests.collectReplay(events)
    await client.destroy(id: ID())
    await gpsd.stopped()
    try writer.close()
    return (live, writer.lineCount)
  }

  @Test(
    "A live client's capture replays to the same fixes and satellites",
    arguments: ["nmea-rtk", "ublox-zed-f9p-nmea"])
  func captureThenReplay(log: String) async throws {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("gpsd-capture-\(UUID().uuidString).jsonl").path
    defer { unlink(path) }
    let expected = try LiveLocationClientTests.capturedFixes(log).count
    // gpsfake's start-up race can cost the first fixes (see LiveLocationClientTests): up to
    // three runs, and the comparison on the first complete one.
    var live: [LocationEvent] = []
    var lineCount = 0
    for _ in 0..<3 {
      (live, lineCount) = try await capture(log: log, to: path)
      if Self.observations(live).locations.count == expected { break }
    }
    #expect(lineCount > 0)
    let captured = Self.observations(live)
    #expect(captured.locations.count == expected)

    let replay = LocationClient.replay(contentsOf: path, maximumGap: .zero)
    let events = await replay.create(id: ID())
    await replay.startUpdatingLocation(id: ID())
    let replayed = Self.observations(await LiveLocationClientTests.collectReplay(events))
    await replay.destroy(id: ID())

    #expect(replayed.locations == captured.locations)
    #expect(replayed.satellites == captured.satellites)
    // What gpsd sent, as gpspipe -w writes it: one JSON object per line.
    let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
    #expect(lines.first?.hasPrefix(#"{"class":"VERSION""#) == true)
    #expect(lines.allSatisfy { $0.hasPrefix("{") && $0.hasSuffix("}") })
  }
}
