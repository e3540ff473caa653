import ComposableLocation
import Foundation
import SensorsTestKit
import SensorsTestSupport
import Testing

/// The replay client on what gpsd 3.22 sent for every regression log of the fixtures: one
/// location per fix, each the merge of that fix's TPVs (the oracle, ``fixesInCapture(_:)``,
/// merges with Foundation's JSON parser). LiveLocationClientTests check the same logs live.
@Suite struct EpochReplayTests {
  struct ID: Hashable, Sendable {}

  @Test("A replay delivers one location per fix, merged", arguments: LiveLocationClientTests.logs)
  func oneLocationPerFix(log: String) async throws {
    let url = try #require(
      Bundle.module.url(
        forResource: log + ".gpsd-3.22", withExtension: "jsonl", subdirectory: "Fixtures"))
    let expected = try fixesInCapture(url)
    let client = LocationClient.replay(contentsOf: url.path, clock: ImmediateClock())
    let events = await client.create(id: ID())
    await client.startUpdatingLocation(id: ID())
    var locations: [Location] = []
    for await event in events {
      if case .locationsUpdated(let fixes) = event { locations += fixes }
      if event == .serviceStateChanged(.ended) { break }
    }
    await client.destroy(id: ID())
    #expect(locations.count == expected.count, "\(log)")
    for (location, tpv) in zip(locations, expected) {
      expectSameValues(location, as: tpv)
    }
    let times = locations.compactMap(\.timestamp)
    #expect(Set(times).count == times.count, "\(log): one location per fix time")
  }
}
