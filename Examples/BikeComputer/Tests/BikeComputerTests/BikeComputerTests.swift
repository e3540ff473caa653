import BikeComputer
import ComposableLocation
import ComposableMotion
import ComposableSensorsTesting
import ComposableStore
import SensorsSampleData
import Testing

/// The bike computer, tested the way a user of the package would: public API only, scripted
/// streams for the sensors, a `TestClock` for the crash countdown.
@Suite("Bike computer")
struct BikeComputerTests {
  let fixes = ScriptedStream<LocationEvent>()
  let motionUpdates = ScriptedStream<DeviceMotion>()
  let clock = TestClock()
  static let home = Region(
    id: "home", center: Coordinate(latitude: 52.5163, longitude: 13.3777), radius: 150)

  var location: LocationClient {
    var location = LocationClient.unimplemented()
    location.create = { [fixes] _ in fixes.nonThrowingStream }
    location.requestWhenInUseAuthorization = { _ in }
    location.startUpdatingLocation = { _ in }
    location.startMonitoring = { _, _ in }
    location.destroy = { _ in }
    return location
  }

  var motion: MotionClient {
    var motion = MotionClient.unimplemented()
    motion.create = { _ in }
    motion.startDeviceMotionUpdates = { [motionUpdates] _, _ in motionUpdates.stream }
    motion.stopDeviceMotionUpdates = { _ in }
    motion.destroy = { _ in }
    return motion
  }

  func makeStore() -> TestStore<BikeComputer.State, BikeComputer.Action> {
    TestStore(initialState: BikeComputer.State(geofence: Self.home)) {
      BikeComputer(location: location, motion: motion, clock: clock)
    }
  }

  @Test func aRideAddsUpDistanceAndTopSpeedAndNoticesLeavingTheGeofence() async throws {
    let store = makeStore()
    await store.send(.onAppear)
    await fixes.waitForConsumer()
    fixes.yield(.authorizationChanged(.authorizedWhenInUse))
    await store.receive(.location(.authorizationChanged(.authorizedWhenInUse))) {
      $0.isAuthorized = true
    }

    let start = Location.test(latitude: 52.5163, longitude: 13.3777, speed: 4)
    let north = Location.test(latitude: 52.5183, longitude: 13.3777, speed: 7.5)
    let blurred = Location.test(latitude: 52.6, longitude: 13.5, horizontalAccuracy: 80, speed: 30)
    fixes.yield(.locationsUpdated([start]))
    await store.receive(.location(.locationsUpdated([start]))) {
      $0.lastFix = start
      $0.speed = 4
      $0.topSpeed = 4
    }
    fixes.yield(.locationsUpdated([north, blurred]))
    let leg = start.distance(from: north)
    await store.receive(.location(.locationsUpdated([north, blurred]))) {
      $0.lastFix = north
      $0.distance = leg
      $0.speed = 7.5
      $0.topSpeed = 7.5
    }
    #expect(abs(leg - 222.6) < 0.5, "0.002° of latitude at 52.5° N is about 222.6 m")

    fixes.yield(.exitedRegion(Self.home))
    await store.receive(.location(.exitedRegion(Self.home))) {
      $0.isInsideGeofence = false
      $0.departures = 1
    }
    fixes.yield(.enteredRegion(Self.home))
    await store.receive(.location(.enteredRegion(Self.home))) { $0.isInsideGeofence = true }

    await store.send(.onDisappear)
    await store.finish()
  }

  @Test func aHardJoltCallsForHelpWhenNobodyAnswersInThirtySeconds() async {
    let store = makeStore()
    await store.send(.onAppear)
    await motionUpdates.waitForConsumer()

    let bump = DeviceMotion.test(userAcceleration: Acceleration(x: 0, y: 1.2, z: 0), timestamp: 11)
    motionUpdates.yield(bump)
    await store.receive(.motion(.sample(bump))) { $0.motionUpdateCount = 1 }

    let crash = DeviceMotion.test(
      userAcceleration: Acceleration(x: 2.5, y: 2.5, z: 0), timestamp: 12)
    motionUpdates.yield(crash)
    await store.receive(.motion(.sample(crash))) {
      $0.motionUpdateCount = 2
      $0.possibleCrashAt = 12
    }
    await clock.advance(by: .seconds(29))
    await clock.advance(by: .seconds(1))
    await store.receive(.crashCountdownElapsed) { $0.calledForHelp = true }

    await store.send(.onDisappear)
    await store.finish()
  }

  @Test func tappingImOKStopsTheCountdown() async {
    let store = makeStore()
    await store.send(.onAppear)
    await motionUpdates.waitForConsumer()
    let crash = DeviceMotion.test(userAcceleration: Acceleration(x: 0, y: 0, z: -4), timestamp: 3)
    motionUpdates.yield(crash)
    await store.receive(.motion(.sample(crash))) {
      $0.motionUpdateCount = 1
      $0.possibleCrashAt = 3
    }
    await store.send(.imOKTapped) { $0.possibleCrashAt = nil }
    await clock.advance(by: .seconds(60))

    await store.send(.onDisappear)
    await store.finish()
  }

  @Test func aFailingSensorIsShownAndTheRideGoesOn() async {
    let store = makeStore()
    await store.send(.onAppear)
    let error = MotionError.readerFailed(.gyro, .deviceRemoved(path: "/dev/iio:device1"))
    motionUpdates.fail(error)
    await store.receive(.motion(.failed(error))) {
      $0.motionError = error.description
    }
    await store.send(.onDisappear)
    await store.finish()
  }

  @Test func twentySecondsOfRealHandlingRaiseNoCrashAlarm() async throws {
    // The sample recordings, replayed on the test clock: a real IMU turned by hand and a real
    // receiver's capture. Nothing here is a crash.
    let motion = MotionClient.replay(recording: try SampleData.imuRecording(), clock: clock)
    let location = LocationClient.replay(contentsOf: SampleData.gpsdCapture, clock: clock)
    let store = Store(initialState: BikeComputer.State(geofence: Self.home)) {
      BikeComputer(location: location, motion: motion, clock: clock)
    }
    store.send(.onAppear)
    for _ in 0..<1_000 { await clock.advance(by: .milliseconds(20)) }

    let state = store.state
    #expect(state.motionUpdateCount > 500)
    #expect(state.isAuthorized)
    #expect(state.possibleCrashAt == nil)
    #expect(!state.calledForHelp)
    await store.send(.onDisappear).finish()
  }
}
