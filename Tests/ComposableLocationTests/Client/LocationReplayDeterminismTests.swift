import ComposableLocation
import ComposableSensorsTesting
import Foundation
import SensorsTestSupport
import Synchronization
import Testing

/// `LocationClient.replay` on a `TestClock` is a script: one big advance, many small steps or
/// uneven ones give the same events, in the same order, run after run, with nothing dropped.
@Suite(.timeLimit(.minutes(2))) struct LocationReplayDeterminismTests {
  struct ID: Hashable, Sendable {}

  /// Plays `capture` to its end, advancing `clock` by `steps` in turn (repeating the last one
  /// until the replay has ended), and returns every event the manager received and its count
  /// of dropped events.
  static func play(_ capture: String, steps: [Duration], eventBufferLimit: Int = 1024)
    async throws -> (events: [LocationEvent], dropped: Int)
  {
    let clock = TestClock()
    var configuration = LocationClient.Configuration()
    configuration.eventBufferLimit = eventBufferLimit
    let client = LocationClient.replay(
      contentsOf: try fixtureURL(capture), configuration: configuration, clock: clock)
    let events = await client.create(id: ID())
    await client.startUpdatingLocation(id: ID())
    let ended = Mutex(false)
    let collector = Task {
      var received: [LocationEvent] = []
      for await event in events {
        received.append(event)
        if event.isEnd { break }
      }
      ended.withLock { $0 = true }
      return received
    }
    var remaining = steps[...]
    // A capture lasts at most a few minutes; the bound only stops a broken replay's loop.
    for _ in 0..<100_000 where !ended.withLock({ $0 }) {
      await clock.advance(
        by: remaining.count > 1 ? remaining.removeFirst() : remaining.first ?? .seconds(1))
    }
    let received = await collector.value
    let dropped = await client.droppedEvents(id: ID())
    await client.destroy(id: ID())
    return (received, dropped)
  }

  @Test(arguments: ["myguide-3100", "nmea-rtk", "skytraq", "triton400"])
  func oneBigAdvanceGivesTheSameEventsEveryRun(capture: String) async throws {
    let (reference, dropped) = try await Self.play(capture, steps: [.seconds(3600)])
    #expect(reference.last == .serviceStateChanged(.ended))
    #expect(reference.count > 2, "more than the start and the end")
    #expect(dropped == 0)
    for run in 2...10 {
      let (events, dropped) = try await Self.play(capture, steps: [.seconds(3600)])
      #expect(events == reference, "run \(run) of \(capture)")
      #expect(dropped == 0)
    }
  }

  @Test func aBufferOfOneEventMakesTheReplayWaitInsteadOfDropping() async throws {
    let (reference, _) = try await Self.play("nmea-rtk", steps: [.seconds(3600)])
    for run in 1...5 {
      let (events, dropped) = try await Self.play(
        "nmea-rtk", steps: [.seconds(3600)], eventBufferLimit: 1)
      #expect(events == reference, "run \(run)")
      #expect(dropped == 0, "run \(run)")
    }
  }

  @Test(arguments: ["myguide-3100", "nmea-rtk"])
  func smallAndUnevenStepsGiveWhatOneBigAdvanceGives(capture: String) async throws {
    let (reference, _) = try await Self.play(capture, steps: [.seconds(3600)])
    let (small, _) = try await Self.play(capture, steps: [.milliseconds(50)])
    #expect(small == reference)
    let uneven: [Duration] = [.milliseconds(30), .seconds(7), .zero, .milliseconds(1999)]
    for run in 1...3 {
      let (events, dropped) = try await Self.play(
        capture, steps: Array(repeating: uneven, count: 50).flatMap { $0 })
      #expect(events == reference, "run \(run)")
      #expect(dropped == 0)
    }
  }
}

/// Each capture 50 times under one advance and 50 times under uneven steps: a stress step.
@Suite(.tags(.stress), .timeLimit(.minutes(5))) struct LocationReplayDeterminismStressTests {
  @Test(arguments: ["myguide-3100", "nmea-rtk", "skytraq", "triton400"])
  func fiftyRunsOfEachPatternGiveIdenticalEvents(capture: String) async throws {
    let play = { try await LocationReplayDeterminismTests.play($0, steps: $1) }
    let (reference, _) = try await play(capture, [.seconds(3600)])
    let uneven: [Duration] = [.milliseconds(13), .seconds(3), .zero, .milliseconds(777)]
    for run in 1...50 {
      let (big, bigDropped) = try await play(capture, [.seconds(3600)])
      let (steps, stepsDropped) = try await play(
        capture, Array(repeating: uneven, count: 100).flatMap { $0 })
      #expect(big == reference, "one advance, run \(run)")
      #expect(steps == reference, "uneven steps, run \(run)")
      #expect(bigDropped == 0 && stepsDropped == 0)
    }
  }
}
