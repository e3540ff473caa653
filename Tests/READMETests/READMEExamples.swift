// Every Swift code block of README.md, compiled and run by the test suite. The blocks appear
// here verbatim and in README order; READMESnippetTests fails when one of them is missing, so
// editing the README means editing this file too. Glue that the README leaves out (imports)
// sits between the blocks.
import ComposableLocation
import ComposableMotion
import ComposableSensorsTesting
import ComposableStore
import Foundation
import SensorsSampleData
import Testing

// MARK: - Motion: a feature that records device motion

struct Recorder: Reducer {
  struct State: Equatable, Sendable {
    var isRecording = false
    var zs: [Double] = []
    var error: String?
  }

  enum Action: Equatable, Sendable {
    case recordingButtonTapped
    case motionUpdate(DeviceMotion)
    case motionFailed(String)
  }

  let motion: MotionClient

  struct ManagerID: Hashable, Sendable {}
  enum CancelID { case updates }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .recordingButtonTapped:
      state.isRecording.toggle()
      guard state.isRecording else {
        return .concatenate(
          .cancel(id: CancelID.updates),
          .run { [motion] _ in
            await motion.stopDeviceMotionUpdates(id: ManagerID())
            await motion.destroy(id: ManagerID())
          }
        )
      }
      return .run { [motion] send in
        await motion.create(id: ManagerID())
        for try await update in motion.startDeviceMotionUpdates(id: ManagerID()) {
          await send(.motionUpdate(update))
        }
      } catch: { error, send in
        await send(.motionFailed("\(error)"))
      }
      .cancellable(id: CancelID.updates)

    case .motionUpdate(let update):
      let g = update.gravity
      let a = update.userAcceleration
      state.zs.append(g.x * a.x + g.y * a.y + g.z * a.z)
      return .none

    case .motionFailed(let message):
      state.isRecording = false
      state.error = message
      return .none
    }
  }
}

func recordFromARecording() async throws {
  let recording = try IMURecording(contentsOf: "walk.csv")
  let store = Store(initialState: Recorder.State()) {
    Recorder(motion: .replay(recording: recording))
  }
  store.send(.recordingButtonTapped)
  for await state in store.states where state.zs.count >= 100 { break }
  store.send(.recordingButtonTapped)
}

@Test func recordingDeviceMotion() async {
  let updates = ScriptedStream<DeviceMotion>()
  var motion = MotionClient.unimplemented()
  motion.create = { _ in }
  motion.startDeviceMotionUpdates = { _, _ in updates.stream }
  motion.stopDeviceMotionUpdates = { _ in }
  motion.destroy = { _ in }

  let store = TestStore(initialState: Recorder.State()) { Recorder(motion: motion) }
  await store.send(.recordingButtonTapped) { $0.isRecording = true }
  await updates.waitForConsumer()

  let update = DeviceMotion(
    attitude: Attitude(quaternion: Quaternion(w: 1, x: 0, y: 0, z: 0)),
    gravity: Acceleration(x: 1, y: 2, z: 3),
    userAcceleration: Acceleration(x: 4, y: 5, z: 6),
    rotationRate: RotationRate(x: 0, y: 0, z: 0),
    magneticField: .init(field: MagneticField(x: 0, y: 0, z: 0), accuracy: .uncalibrated),
    heading: nil,
    timestamp: 0
  )
  updates.yield(update)
  await store.receive(.motionUpdate(update)) { $0.zs = [32] }

  await store.send(.recordingButtonTapped) { $0.isRecording = false }
  await store.finish()
}

// MARK: - Motion: the client as a dependency

struct Tilt: Reducer {
  struct State: Equatable, Sendable {
    var isOn = false
    var z: Double?
  }

  enum Action: Equatable, Sendable {
    case toggled
    case sample(AccelerometerData)
  }

  @Dependency(\.motionClient) var motion
  struct ManagerID: Hashable, Sendable {}

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .toggled:
      state.isOn.toggle()
      guard state.isOn else { return .cancel(id: ManagerID()) }
      return .run { send in
        await motion.create(id: ManagerID())
        for try await sample in motion.startAccelerometerUpdates(id: ManagerID()) {
          await send(.sample(sample))
        }
      }
      .cancellable(id: ManagerID())

    case .sample(let sample):
      state.z = sample.acceleration.z
      return .none
    }
  }
}

@Test func tiltReadsTheMotionClientDependency() async {
  let samples = ScriptedStream<AccelerometerData>()
  let store = TestStore(initialState: Tilt.State()) {
    Tilt()
  } withDependencies: {
    $0.motionClient.create = { _ in }
    $0.motionClient.startAccelerometerUpdates = { _ in samples.stream }
  }
  await store.send(.toggled) { $0.isOn = true }
  await samples.waitForConsumer()

  let flat = AccelerometerData(acceleration: Acceleration(x: 0, y: 0, z: -1), timestamp: 0)
  samples.yield(flat)
  await store.receive(.sample(flat)) { $0.z = -1 }

  await store.send(.toggled) { $0.isOn = false }
  await store.finish()
}

// MARK: - Location: authorization, a fix on request, a region

struct Whereabouts: Reducer {
  struct State: Equatable, Sendable {
    var alert: String?
    var location: Location?
    var isHome = false
  }

  enum Action: Equatable, Sendable {
    case onAppear
    case locationManager(LocationEvent)
    case requestLocationTapped
    case locationResponse(Result<Location, LocationError>)
  }

  let location: LocationClient

  struct ManagerID: Hashable, Sendable {}
  static let home = Region(
    id: "home", center: Coordinate(latitude: 52.5163, longitude: 13.3777), radius: 150)

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .onAppear:
      return .run { [location] send in
        let events = await location.create(id: ManagerID())
        await location.requestWhenInUseAuthorization(id: ManagerID())
        for await event in events {
          await send(.locationManager(event))
        }
      }

    case .locationManager(.authorizationChanged(.denied)),
      .locationManager(.authorizationChanged(.restricted)):
      state.alert = "Location makes this app better. Please consider giving us access."
      return .none

    case .locationManager(.authorizationChanged(.authorizedWhenInUse)),
      .locationManager(.authorizationChanged(.authorizedAlways)):
      return .run { [location] _ in
        await location.startMonitoring(id: ManagerID(), region: Self.home)
      }

    case .requestLocationTapped:
      return .run { [location] send in
        do throws(LocationError) {
          let fix = try await location.requestLocation(id: ManagerID())
          await send(.locationResponse(.success(fix)))
        } catch {
          await send(.locationResponse(.failure(error)))
        }
      }

    case .locationResponse(.success(let fix)):
      state.location = fix
      return .none

    case .locationResponse(.failure(let error)):
      state.alert = error.description
      return .none

    case .locationManager(.enteredRegion(let region)) where region.id == Self.home.id:
      state.isHome = true
      return .none

    case .locationManager(.exitedRegion(let region)) where region.id == Self.home.id:
      state.isHome = false
      return .none

    case .locationManager:
      return .none
    }
  }
}

@Test func deniedShowsAnAlert() async {
  let (events, manager) = AsyncStream.makeStream(of: LocationEvent.self)
  var location = LocationClient.unimplemented()
  location.create = { _ in events }
  location.requestWhenInUseAuthorization = { _ in manager.yield(.authorizationChanged(.denied)) }

  let store = TestStore(initialState: Whereabouts.State()) { Whereabouts(location: location) }
  await store.send(.onAppear)
  await store.receive(.locationManager(.authorizationChanged(.denied))) {
    $0.alert = "Location makes this app better. Please consider giving us access."
  }
  manager.finish()
  await store.finish()
}

@Test func authorizedStartsMonitoringHome() async {
  let (events, manager) = AsyncStream.makeStream(of: LocationEvent.self)
  let monitored = ScriptedStream<Region>()
  var location = LocationClient.unimplemented()
  location.create = { _ in events }
  location.requestWhenInUseAuthorization = { _ in
    manager.yield(.authorizationChanged(.authorizedWhenInUse))
  }
  location.startMonitoring = { _, region in monitored.yield(region) }

  let store = TestStore(initialState: Whereabouts.State()) { Whereabouts(location: location) }
  await store.send(.onAppear)
  await store.receive(.locationManager(.authorizationChanged(.authorizedWhenInUse)))
  manager.yield(.enteredRegion(Whereabouts.home))
  await store.receive(.locationManager(.enteredRegion(Whereabouts.home))) { $0.isHome = true }
  manager.finish()
  await store.finish()
  #expect(monitored.bufferedCount == 1)
}

@Test func requestLocation() async {
  let brandenburgGate = Location(
    coordinate: Coordinate(latitude: 52.5163, longitude: 13.3777), horizontalAccuracy: 8)
  var location = LocationClient.unimplemented()
  location.requestLocation = { _ in brandenburgGate }

  let store = TestStore(initialState: Whereabouts.State()) { Whereabouts(location: location) }
  await store.send(.requestLocationTapped)
  await store.receive(.locationResponse(.success(brandenburgGate))) {
    $0.location = brandenburgGate
  }
}

// MARK: - Live backends

func liveMotion() -> MotionClient {
  // Buffered reading with kernel timestamps where the device can, polling elsewhere.
  MotionClient.live(root: "/sys/bus/iio/devices", mode: .automatic)
}

func liveLocation() -> LocationClient {
  var configuration = LocationClient.Configuration()  // GPSD_HOST/GPSD_PORT, else 127.0.0.1:2947
  configuration.gpsd.host = "gps.local"
  return LocationClient.live(configuration: configuration)
}

// MARK: - Replay backends

func replayClients() throws -> (MotionClient, LocationClient) {
  let walk = try IMURecording(contentsOf: "walk.csv")
  let motion = MotionClient.replay(recording: walk, clock: ContinuousClock())
  let location = LocationClient.replay(contentsOf: "drive.jsonl")
  return (motion, location)
}

@Test func replayOnATestClock() async throws {
  let clock = TestClock()
  let motion = MotionClient.replay(
    recording: try IMURecording(
      csv: """
        t,gyr_x,gyr_y,gyr_z,acc_x,acc_y,acc_z
        0.00,0,0,0,0,0,9.80665
        0.01,0,0,0,0,0,9.80665
        """),
    clock: clock)
  await motion.create(id: "table")
  var samples = motion.startAccelerometerUpdates(id: "table").makeAsyncIterator()
  await clock.advance(by: .milliseconds(10))
  let flat = try await samples.next()
  #expect(flat?.acceleration.z == -1)  // m/s² up in the recording, −1 g in Core Motion's sign
  await motion.destroy(id: "table")
}

@Test func recordingAReplayThroughATestStore() async throws {
  let clock = TestClock()
  let walk = try IMURecording(
    csv: """
      t,gyr_x,gyr_y,gyr_z,acc_x,acc_y,acc_z
      0.00,0,0,0,0,0,9.80665
      0.01,0,0,0,0,0,9.80665
      0.02,0,0,0,0,0,9.80665
      """)
  let store = TestStore(initialState: Recorder.State()) {
    Recorder(motion: .replay(recording: walk, clock: clock))
  }
  store.exhaustivity = .off  // the updates come from the filter: receive them by case
  await store.send(.recordingButtonTapped) { $0.isRecording = true }
  await clock.advance(by: .seconds(1))  // one big advance: every row delivered and reduced
  await store.receive(Recorder.Action.motionUpdate)
  #expect(store.stateAfterReceivedActions.zs.count == 3)
  await store.send(.recordingButtonTapped) { $0.isRecording = false }
  await store.finish()
}

// MARK: - Units and reference frames

func unitsAndFrames(_ update: DeviceMotion) -> String {
  let tiltedForward = update.gravity.z > 0.25  // g; flat and face up, gravity is (0, 0, −1)
  let rollDegrees = update.attitude.roll * 180 / .pi  // attitude angles are radians
  let heading = update.heading ?? .nan  // degrees, only in north-referenced frames
  return "\(tiltedForward) \(rollDegrees) \(heading)"
}

// MARK: - Compass heading and true north

/// Headings from the magnetometer: the location client reads the motion client's compass.
func compassClients() -> (MotionClient, LocationClient) {
  let motion = MotionClient.live()
  let location = LocationClient.live(configuration: .init(compass: .deviceMotion(motion)))
  return (motion, location)
}

/// What a heading says, and true north for the motion client from the same fix.
func describe(_ event: LocationEvent, motion: MotionClient) -> String? {
  switch event {
  case .headingUpdated(let heading) where heading.source == .compass:
    // Degrees; trueHeading is −1 until a fix gives the declination. x, y, z: the field in µT.
    return "magnetic \(heading.magneticHeading ?? .nan)° true \(heading.trueHeading)°"
      + " ±\(heading.headingAccuracy ?? -1)° field \(heading.x ?? 0) µT"
  case .locationsUpdated(let locations):
    if let position = locations.last?.geographicPosition { try? motion.setLocation(position) }
    return nil
  default:
    return nil
  }
}

/// The World Magnetic Model on its own: WMM2025, valid 2025.0–2030.0.
func seattle() throws(GeomagneticError) -> GeomagneticField {
  // Degrees; metres above the WGS84 ellipsoid; the date as a decimal year.
  try WorldMagneticModel.wmm2025.field(
    latitude: 47.6205, longitude: -122.3493, altitude: 0,
    decimalYear: WorldMagneticModel.decimalYear(year: 2026, month: 3, day: 20))
}

@Test func readmeMagneticModel() throws {
  let field = try seattle()
  #expect(abs(field.declination - 15.0) < 0.5)  // degrees east in 2026
  #expect(field.totalIntensity > 52_000 && field.totalIntensity < 54_000)  // nT
  let heading = Heading(
    trueHeading: 100, magneticHeading: 85, headingAccuracy: 3, speed: 0, source: .compass, x: 12)
  #expect(describe(.headingUpdated(heading), motion: .unimplemented()) != nil)
}

// MARK: - Capture on the device, replay in a test

func captureOnTheRobot() throws -> (MotionClient, LocationClient, () throws -> Void) {
  let recorder = try MotionRecorder(path: "imu.csv", sensors: [.accelerometer, .gyroscope])
  let capture = try GPSDCaptureWriter(path: "gpsd.jsonl")
  let motion = MotionClient.live().recording(to: recorder)
  let location = LocationClient.live(capture: capture)
  let finish = {
    let summary = try recorder.finish()  // rows written, samples, late samples
    try capture.close()
    print("\(summary.rows) IMU rows, \(capture.lineCount) gpsd lines")
  }
  return (motion, location, finish)
}

func replayTheRobotsRun(clock: TestClock) throws -> (MotionClient, LocationClient) {
  let motion = try MotionClient.replay(contentsOf: "imu.csv", clock: clock)
  let location = LocationClient.replay(contentsOf: "gpsd.jsonl", clock: clock)
  return (motion, location)
}

// MARK: - Replays and tests from your own package

func sampleReplays() throws -> (MotionClient, LocationClient) {
  let clock = ScaledClock(speed: 4)  // four seconds of recording per real second
  let motion = MotionClient.replay(recording: try SampleData.imuRecording(), clock: clock)
  let location = LocationClient.replay(contentsOf: SampleData.gpsdCapture, clock: clock)
  return (motion, location)
}

@Test func sampleReplaysOpen() throws {
  let (motion, _) = try sampleReplays()
  #expect(motion.isDeviceMotionAvailable)
}
