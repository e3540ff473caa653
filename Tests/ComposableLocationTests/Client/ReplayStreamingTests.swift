import ComposableLocation
import ComposableSensorsTesting
import Foundation
import SensorsTestSupport
import Testing

/// A replayed capture is read a line at a time: its size does not matter, and input that is not
/// a capture of lines ends the replay with an error that says so.
@Suite struct ReplayStreamingTests {
  struct ID: Hashable, Sendable {}

  @Test func endlessZerosEndTheReplayWithAClearErrorNotExhaustedMemory() async throws {
    let client = LocationClient.replay(
      contentsOf: URL(fileURLWithPath: "/dev/zero"), clock: ImmediateClock())
    let events = await client.create(id: ID())
    await client.startUpdatingLocation(id: ID())
    let received = await collect(
      events,
      until: { event in
        if case .failed = event { true } else { false }
      })
    let failure = received.compactMap { event -> LocationError? in
      if case .failed(let error) = event { error } else { nil }
    }.first
    let message = failure.map { "\($0)" } ?? ""
    #expect(message.contains("/dev/zero"))
    #expect(message.contains("longer than"))
    #expect(message.count < 400)
    await client.destroy(id: ID())
  }

  @Test func aLargeCaptureReplaysEveryFixFromTheFile() async throws {
    // The same capture fifty times over: each copy's fixes arrive, in order.
    let source = try Data(contentsOf: try fixtureURL("nmea-rtk"))
    let expected = try fixesInCapture(try fixtureURL("nmea-rtk")).count
    var big = Data()
    for _ in 0..<50 { big.append(source) }
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("replay-\(UUID().uuidString).jsonl")
    try big.write(to: url)
    defer { try? FileManager.default.removeItem(at: url) }

    let client = LocationClient.replay(contentsOf: url, clock: ImmediateClock())
    let events = await client.create(id: ID())
    await client.startUpdatingLocation(id: ID())
    let locations = await collect(events, until: \.isEnd).flatMap(\.locations)
    #expect(locations.count == expected * 50)
    await client.destroy(id: ID())
  }
}
