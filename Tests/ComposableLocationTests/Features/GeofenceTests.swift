import ComposableLocation
import ComposableSensorsTesting
import ComposableStore
import SensorsTestSupport
import Testing

/// A gpsd capture replayed through a `TestStore`: the fixes and the feature's own dwell timer
/// share one `TestClock`, and one big advance ends where many small steps end.
@Suite struct GeofenceTests {
  /// A walk of 30 fixes, one a second: 15 approaching home from 150 m east, then 15 at home.
  static let capture: SyntheticCapture = {
    var capture = SyntheticCapture()
    let home = Geofence.home.center
    for step in 0..<30 {
      let metresEast = max(0, 150 - Double(step) * 10)
      let longitude = home.longitude + metresEast / 67_800  // about 67.8 km per degree here
      capture.fix(Coordinate(latitude: home.latitude, longitude: longitude), eph: 5)
    }
    return capture
  }()

  /// Starts the feature, moves time in `steps`, and returns the states after every received
  /// action, and the final one.
  static func run(steps: [Duration]) async -> (received: [Geofence.State], final: Geofence.State) {
    let clock = TestClock()
    let store = TestStore(initialState: Geofence.State()) {
      Geofence(location: .replay(capture: Array(capture.data), clock: clock), clock: clock)
    }
    store.exhaustivity = .off
    await store.send(.onAppear)
    for step in steps { await clock.advance(by: step) }
    let received = store.receivedStates
    await store.skipReceivedActions()
    await store.skipInFlightEffects()
    return (received, store.state)
  }

  @Test func theUserIsHomeAfterStayingFiveSeconds() async {
    let (_, final) = await Self.run(steps: [.seconds(40)])
    #expect(final.fixes == 30)
    #expect(final.isInside)
    #expect(final.isHome)
  }

  @Test func oneBigAdvanceEndsWhereManySmallStepsEnd() async {
    let big = await Self.run(steps: [.seconds(40)])
    let small = await Self.run(steps: Array(repeating: .milliseconds(100), count: 400))
    #expect(big.final == small.final)
    #expect(big.received.count == small.received.count)
    #expect(big.received == small.received)
  }

  @Test func theDwellIsReceivedByCase() async {
    let clock = TestClock()
    let store = TestStore(initialState: Geofence.State()) {
      Geofence(location: .replay(capture: Array(Self.capture.data), clock: clock), clock: clock)
    }
    store.exhaustivity = .off
    await store.send(.onAppear)
    await clock.advance(by: .seconds(40))
    await store.receive(ActionPath { Geofence.Action.locationManager(.enteredRegion($0)) }) {
      $0.isInside = true
    }
    await store.receive(.dwellElapsed) { $0.isHome = true }
    await store.skipInFlightEffects()
  }

  @Test(.tags(.stress)) func bigAndSmallStepsAgreeInTwoHundredRuns() async {
    let reference = await Self.run(steps: [.seconds(40)])
    #expect(reference.final.isHome)
    for run in 1...200 {
      let steps: [Duration] =
        run.isMultiple(of: 2) ? [.seconds(40)] : Array(repeating: .milliseconds(100), count: 400)
      let outcome = await Self.run(steps: steps)
      #expect(outcome.final == reference.final, "run \(run)")
      #expect(outcome.received == reference.received, "run \(run)")
      if outcome.received != reference.received { return }
    }
  }
}
