import ComposableMotion
import ComposableSensorsTesting
import ComposableStore
import SensorsTestSupport
import Testing

/// A replay through a `TestStore`, written the way the README teaches: the feature's own timer
/// and the replay's rows share one `TestClock`, and however the test moves time, the store ends
/// in the same state, having reduced every row.
@Suite struct TiltAlarmTests {
  /// Arms the alarm, moves time in `steps`, and returns the states after every received action
  /// and the final one. Non-exhaustive: the test cares about the outcome, not each update.
  static func run(steps: [Duration]) async -> (received: [TiltAlarm.State], final: TiltAlarm.State)
  {
    let clock = TestClock()
    let store = TestStore(initialState: TiltAlarm.State()) {
      TiltAlarm(motion: .replay(recording: TiltAlarm.recording, clock: clock), clock: clock)
    }
    store.exhaustivity = .off
    await store.send(.armTapped) { $0.isArmed = true }
    for step in steps { await clock.advance(by: step) }
    let received = store.receivedStates
    await store.skipReceivedActions()
    await store.finish()
    return (received, store.state)
  }

  @Test func hundredMillisecondStepsRaiseTheAlarmAfterEveryRow() async {
    let (received, final) = await Self.run(steps: Array(repeating: .milliseconds(100), count: 70))
    #expect(final.updates == 651)
    #expect(final.alarm)
    #expect(final.finished)
    #expect(final.tilt > 55 && final.tilt < 65, "the recording ends tipped 60°: \(final.tilt)")
    // Every row, reduced in order, then the hold timer between the rows, then the end.
    #expect(received.count == 651 + 2)
  }

  @Test func oneBigAdvanceEndsWhereManySmallStepsEnd() async {
    let small = await Self.run(steps: Array(repeating: .milliseconds(100), count: 70))
    let big = await Self.run(steps: [.seconds(7)])
    let rows = await Self.run(steps: Array(repeating: .milliseconds(10), count: 700))
    #expect(big.final == small.final)
    #expect(firstDifference(big.received, small.received) == nil)
    #expect(firstDifference(rows.received, small.received) == nil)
  }

  @Test func unevenStepsEndWhereOneBigAdvanceEnds() async {
    var generator = SeededGenerator(seed: 23)
    var steps: [Duration] = []
    var total = Duration.zero
    while total < .seconds(7) {
      let step = Duration.microseconds(Int64.random(in: 0...40_000, using: &generator))
      steps.append(step)
      total += step
    }
    let uneven = await Self.run(steps: steps)
    let big = await Self.run(steps: [.seconds(7)])
    #expect(firstDifference(uneven.received, big.received) == nil)
  }

  /// TCA's pattern for a value the test cannot predict: skip the updates, receive by case.
  @Test func theAlarmIsReceivedByCaseAfterOneBigAdvance() async {
    let clock = TestClock()
    let store = TestStore(initialState: TiltAlarm.State()) {
      TiltAlarm(motion: .replay(recording: TiltAlarm.recording, clock: clock), clock: clock)
    }
    store.exhaustivity = .off
    await store.send(.armTapped) { $0.isArmed = true }
    await clock.advance(by: .seconds(7))
    await store.receive(TiltAlarm.Action.motionUpdate) { $0.updates = 1 }
    await store.receive(.holdElapsed) { $0.alarm = true }
    await store.receive(.motionFinished) {
      $0.updates = 651
      $0.finished = true
    }
    await store.finish()
  }

  /// The example of the "Testing with clocks" article, kept compiling and passing here.
  @Test func aTiltHeldHalfASecondRaisesTheAlarm() async {
    let tippedAfterTwoSeconds = TiltAlarm.recording
    let clock = TestClock()
    let store = TestStore(initialState: TiltAlarm.State()) {
      TiltAlarm(motion: .replay(recording: tippedAfterTwoSeconds, clock: clock), clock: clock)
    }
    store.exhaustivity = .off
    await store.send(.armTapped) { $0.isArmed = true }
    await clock.advance(by: .seconds(7))  // every row delivered and reduced, timers included
    await store.receive(TiltAlarm.Action.holdElapsed) { $0.alarm = true }
    await store.receive(TiltAlarm.Action.motionFinished) { $0.finished = true }
    await store.finish()
  }

  @Test(.tags(.stress)) func bigAndSmallStepsAgreeInTwoHundredRuns() async {
    let reference = await Self.run(steps: [.seconds(7)])
    #expect(reference.final.alarm)
    for run in 1...200 {
      let steps: [Duration] =
        run.isMultiple(of: 2) ? [.seconds(7)] : Array(repeating: .milliseconds(100), count: 70)
      let outcome = await Self.run(steps: steps)
      let difference = firstDifference(outcome.received, reference.received)
      #expect(difference == nil, "run \(run)")
      if difference != nil { return }
    }
  }
}

/// Where two runs' received states first differ (the index and both states, or the lengths),
/// or `nil` if they are equal: a short failure message instead of two dumps of 650 states.
func firstDifference(_ lhs: [TiltAlarm.State], _ rhs: [TiltAlarm.State]) -> String? {
  for (index, (left, right)) in zip(lhs, rhs).enumerated() where left != right {
    return "state \(index): \(left) vs \(right)"
  }
  return lhs.count == rhs.count ? nil : "\(lhs.count) states vs \(rhs.count)"
}
