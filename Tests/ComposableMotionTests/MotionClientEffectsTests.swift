import ComposableMotion
import ComposableSensorsTesting
import ComposableStore
import Synchronization
import Testing

@Suite struct MotionClientEffectsTests {
  struct Feature: Reducer {
    struct State: Equatable {
      var samples: [DeviceMotion] = []
      var ending: MotionUpdate<DeviceMotion>?
    }
    enum Action: Equatable {
      case start, stop
      case motion(MotionUpdate<DeviceMotion>)
    }
    struct ManagerID: Hashable, Sendable {}
    enum CancelID { case motion }
    let motion: MotionClient

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .start:
        return motion.deviceMotionUpdates(id: ManagerID()).map(Action.motion)
          .cancellable(id: CancelID.motion, cancelInFlight: true)
      case .stop:
        return .cancel(id: CancelID.motion)
      case .motion(.sample(let sample)):
        state.samples.append(sample)
        return .none
      case .motion(let ending):
        state.ending = ending
        return .none
      }
    }
  }

  static func client(_ updates: ScriptedStream<DeviceMotion>, calls: EndpointCalls)
    -> MotionClient
  {
    var motion = MotionClient.unimplemented()
    motion.create = { _ in calls.record("create") }
    motion.startDeviceMotionUpdates = { _, _ in updates.stream }
    motion.stopDeviceMotionUpdates = { _ in calls.record("stop") }
    motion.destroy = { _ in calls.record("destroy") }
    return motion
  }

  @Test func deviceMotionUpdatesSendEachSampleThenTheEnd() async {
    let updates = ScriptedStream<DeviceMotion>()
    let calls = EndpointCalls()
    let store = TestStore(initialState: Feature.State()) {
      Feature(motion: Self.client(updates, calls: calls))
    }
    await store.send(.start)
    await updates.waitForConsumer()
    let still = DeviceMotion.test(timestamp: 1)
    updates.yield(still)
    await store.receive(.motion(.sample(still))) { $0.samples = [still] }
    updates.finish()
    await store.receive(.motion(.finished)) { $0.ending = .finished }
    await store.finish()
    #expect(calls.names == ["create", "stop", "destroy"])
  }

  @Test func aFailureIsSentAsItsError() async {
    let updates = ScriptedStream<DeviceMotion>()
    let calls = EndpointCalls()
    let store = TestStore(initialState: Feature.State()) {
      Feature(motion: Self.client(updates, calls: calls))
    }
    await store.send(.start)
    let error = MotionError.readerFailed(.accelerometer, .deviceRemoved(path: "/dev/iio:device0"))
    updates.fail(error)
    await store.receive(.motion(.failed(error))) {
      $0.ending = .failed(error)
    }
    await store.finish()
    #expect(calls.names == ["create", "stop", "destroy"])
  }

  @Test func aRestartedEffectTakesItsManagerOverSoTheOldRunsTeardownCannotEndIt() async {
    let first = ScriptedStream<DeviceMotion>()
    let second = ScriptedStream<DeviceMotion>()
    let streams = Mutex([first, second])
    let managers = Mutex<[String: [AnyHashableSendable]]>([:])
    var motion = MotionClient.unimplemented()
    motion.create = { id in managers.withLock { $0["create", default: []].append(id) } }
    motion.startDeviceMotionUpdates = { _, _ in streams.withLock { $0.removeFirst() }.stream }
    motion.stopDeviceMotionUpdates = { _ in }
    motion.destroy = { id in managers.withLock { $0["destroy", default: []].append(id) } }
    let store = TestStore(initialState: Feature.State()) { Feature(motion: motion) }

    await store.send(.start)
    await first.waitForConsumer()
    await store.send(.start)  // cancelInFlight: the first run tears down as the second starts
    await second.waitForConsumer()
    // Whether the first run's teardown came before the second run began (then it destroyed the
    // manager, and the second run created it afresh) or after (then the second run owns it and
    // the teardown leaves it alone), no destroy may come while the second run streams.
    let destroyedWhileRunning = managers.withLock { $0["destroy"]?.count ?? 0 }
    let still = DeviceMotion.test(timestamp: 1)
    second.yield(still)
    await store.receive(.motion(.sample(still))) { $0.samples = [still] }
    #expect(managers.withLock { $0["destroy"]?.count ?? 0 } == destroyedWhileRunning)
    await store.send(.stop)
    await store.finish()

    let created = managers.withLock { $0["create"] ?? [] }
    let destroyed = managers.withLock { $0["destroy"] ?? [] }
    let id = AnyHashableSendable(Feature.ManagerID())
    #expect(created == [id, id], "the caller's id, as in composable-core-motion")
    #expect(destroyed.count == destroyedWhileRunning + 1, "the second run destroys it at stop")
    #expect(destroyed.allSatisfy { $0 == id })
  }

  @Test("The effect's manager is the caller's id: isDeviceMotionActive and deviceMotion find it")
  func theEffectsManagerIsFoundByItsID() async throws {
    let clock = TestClock()
    let recording = try IMURecording(
      csv: """
        t,gyr_x,gyr_y,gyr_z,acc_x,acc_y,acc_z
        0.00,0,0,0,0,0,9.80665
        0.01,0,0,0,0,0,9.80665
        0.02,0,0,0,0,0,9.80665
        """)
    let motion = MotionClient.replay(recording: recording, clock: clock)
    let store = Store(initialState: Feature.State()) { Feature(motion: motion) }
    store.send(.start)
    await clock.waitForSleepers()
    await clock.advance(by: .milliseconds(10))
    var latest: DeviceMotion?
    for await state in store.states where !state.samples.isEmpty {
      latest = state.samples.last
      break
    }
    #expect(motion.isDeviceMotionActive(id: Feature.ManagerID()))
    #expect(motion.deviceMotion(id: Feature.ManagerID()) == latest)
    store.send(.stop)
  }

  struct AdapterFailure: Error, CustomStringConvertible {
    var description: String { "the adapter lost its socket" }
  }

  @Test func aForeignErrorIsSentNamedByItsType() async {
    let updates = ScriptedStream<DeviceMotion>()
    let calls = EndpointCalls()
    let store = TestStore(initialState: Feature.State()) {
      Feature(motion: Self.client(updates, calls: calls))
    }
    await store.send(.start)
    updates.fail(AdapterFailure())
    let expected = MotionError.foreign(
      type: "ComposableMotionTests.MotionClientEffectsTests.AdapterFailure",
      description: "the adapter lost its socket")
    await store.receive(.motion(.failed(expected))) { $0.ending = .failed(expected) }
    await store.finish()
    #expect(
      expected.description
        == "The motion stream failed with ComposableMotionTests.MotionClientEffectsTests.AdapterFailure: "
        + "the adapter lost its socket")
  }

  @Test func cancellingStopsUpdatesAndDestroysTheManagerWithoutAnEnding() async {
    let updates = ScriptedStream<DeviceMotion>()
    let calls = EndpointCalls()
    let store = TestStore(initialState: Feature.State()) {
      Feature(motion: Self.client(updates, calls: calls))
    }
    await store.send(.start)
    await updates.waitForConsumer()
    await store.send(.stop)
    await store.finish()
    #expect(calls.names == ["create", "stop", "destroy"])
    #expect(updates.isCancelled)
  }

  @Test func magnitudesAreEuclideanLengths() {
    #expect(Acceleration(x: 3, y: 4, z: 0).magnitude == 5)
    #expect(RotationRate(x: 0, y: -2, z: 0).magnitude == 2)
    #expect(MagneticField(x: 2, y: 3, z: 6).magnitude == 7)
  }

  @Test func theTestFactoryDescribesADeviceLyingStill() {
    let motion = DeviceMotion.test()
    #expect(motion.gravity == Acceleration(x: 0, y: 0, z: -1))
    #expect(motion.userAcceleration.magnitude == 0)
    #expect(motion.attitude.roll == 0 && motion.attitude.pitch == 0)
    #expect(DeviceMotion.test(heading: 90, timestamp: 3).heading == 90)
  }
}

/// The endpoints a test's client was called with, in order.
final class EndpointCalls: Sendable {
  private let log = Mutex<[String]>([])
  func record(_ name: String) { log.withLock { $0.append(name) } }
  var names: [String] { log.withLock { $0 } }
}
