import ComposableLocation
import ComposableSensorsTesting
import Foundation
import SensorsTestSupport
import Synchronization
import Testing

@Suite struct RequestLocationTests {
  struct ID: Hashable, Sendable {}

  // Integration until replays wait for their consumer (issue 9): the stepping below polls, on
  // the wall clock, for "both sleep or the request is answered", which no single event says.
  @Test("One fix meeting the desired accuracy, skipping worse ones", .tags(.integration))
  func firstGoodEnoughFix() async throws {
    // myguide-3100 goes from no fix to a 2D fix of ±47.6 m a few seconds into the capture.
    let clock = TestClock()
    let client = LocationClient.replay(contentsOf: try fixtureURL("myguide-3100"), clock: clock)
    let events = await client.create(id: ID())
    await client.set(id: ID(), desiredAccuracy: .hundredMeters)
    let done = Completion()
    let request = Task { () throws(LocationError) -> Location in
      defer { done.finish() }
      return try await client.requestLocation(id: ID())
    }
    // Step the replay one second at a time until the request is answered; each step waits for
    // both sleepers (the request's timeout and the replay's wait for its next fix).
    for _ in 0..<30 where !done.isFinished {
      let ready = await waitUntil(
        "the replay and the timeout sleep, or the request is answered", timeout: .seconds(60)
      ) {
        clock.sleeperCount >= 2 || done.isFinished
      }
      guard ready else { break }
      await clock.advance(by: .seconds(1))
    }
    let location = try await request.value
    #expect(location.horizontalAccuracy == 47.614)
    #expect(location.fix == .twoDimensional)
    #expect(await client.location(id: ID()) == location)
    await client.destroy(id: ID())
    _ = await collect(events)
  }

  @Test("No good enough fix in time: a timeout error naming the best accuracy seen")
  func timesOut() async throws {
    var capture = SyntheticCapture()
    capture.fix(Coordinate(latitude: 10, longitude: 10), eph: 500)
    capture.fix(Coordinate(latitude: 10, longitude: 10), eph: 20, after: 40)
    let clock = TestClock()
    let client = LocationClient.replay(
      capture: capture.data,
      configuration: .init(requestLocationTimeout: .seconds(30)),
      clock: clock,
      maximumGap: .seconds(60)
    )
    let events = await client.create(id: ID())
    await client.set(id: ID(), desiredAccuracy: .hundredMeters)
    let request = Task { () throws(LocationError) -> Location in
      try await client.requestLocation(id: ID())
    }
    // Two sleepers: the request's timeout (30 s) and the replay's wait for the next fix (40 s).
    await clock.waitForSleepers(2)
    await clock.advance(by: .seconds(30))
    await #expect(
      throws: LocationError.timedOut(seconds: 30, desiredAccuracy: 100, bestAccuracySeen: 500)
    ) {
      try await request.value
    }
    await client.destroy(id: ID())
    _ = await collect(events)
  }

  @Test("An unreadable capture fails the request at once with the reason")
  func unreadableCapture() async {
    let client = LocationClient.replay(
      contentsOf: URL(fileURLWithPath: "/nonexistent/drive.jsonl"), clock: TestClock())
    do {
      _ = try await client.requestLocation(id: ID())
      Issue.record("requestLocation returned a fix from a missing file")
    } catch {
      guard case .replayUnreadable(let path, let problem) = error else {
        Issue.record("unexpected error \(error)")
        return
      }
      #expect(path == "/nonexistent/drive.jsonl")
      #expect(problem == .cannotOpen(errno: ENOENT), "the system's error number, to act on")
      #expect(error.description.contains("check the path"))
      #expect(error.description.contains("gpspipe -w"))
    }
  }
}

/// A flag a task raises when it is done, so a test can step a clock until then.
final class Completion: Sendable {
  private let state = Mutex(false)
  var isFinished: Bool { state.withLock { $0 } }
  func finish() { state.withLock { $0 = true } }
}
