import ComposableMotion
import ComposableSensorsTesting
import ComposableStore
import Testing

/// The device-motion seed: a feature that records gravity · userAcceleration, the part of the
/// acceleration along gravity, for every device-motion update.
struct GravityProjection: Reducer {
  struct State: Equatable, Sendable {
    var isRecording = false
    var zs: [Double] = []
  }

  enum Action: Equatable, Sendable {
    case recordingButtonTapped
    case motionUpdate(DeviceMotion)
    case motionFailed(String)
  }

  struct ManagerID: Hashable, Sendable {}

  let motion: MotionClient

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .recordingButtonTapped:
      state.isRecording.toggle()
      guard state.isRecording else {
        return .run { [motion] _ in
          await motion.stopDeviceMotionUpdates(id: ManagerID())
          await motion.destroy(id: ManagerID())
        }
      }
      return .run { [motion] send in
        await motion.create(id: ManagerID())
        for try await update in motion.startDeviceMotionUpdates(
          id: ManagerID(), using: .xArbitraryZVertical)
        {
          await send(.motionUpdate(update))
        }
      } catch: { error, send in
        await send(.motionFailed(String(describing: error)))
      }
    case .motionUpdate(let update):
      let g = update.gravity
      let a = update.userAcceleration
      state.zs.append(g.x * a.x + g.y * a.y + g.z * a.z)
      return .none
    case .motionFailed:
      state.isRecording = false
      return .none
    }
  }
}

@Suite(.timeLimit(.minutes(1))) struct DeviceMotionFeatureTests {
  @Test func aScriptedUpdateWithGravity123AndUserAcceleration456Records32() async {
    let updates = ScriptedStream<DeviceMotion>()
    var motion = MotionClient.unimplemented()
    motion.create = { _ in }
    motion.startDeviceMotionUpdates = { _, frame in
      #expect(frame == .xArbitraryZVertical)
      return updates.stream
    }
    motion.stopDeviceMotionUpdates = { _ in updates.finish() }
    motion.destroy = { _ in }

    let store = TestStore(initialState: GravityProjection.State()) {
      GravityProjection(motion: motion)
    }
    await store.send(.recordingButtonTapped) { $0.isRecording = true }
    await updates.waitForConsumer()

    let update = DeviceMotion(
      attitude: Attitude(quaternion: .identity),
      gravity: Acceleration(x: 1, y: 2, z: 3),
      userAcceleration: Acceleration(x: 4, y: 5, z: 6),
      rotationRate: RotationRate(x: 0, y: 0, z: 0),
      magneticField: .init(field: MagneticField(x: 0, y: 0, z: 0), accuracy: .uncalibrated),
      heading: nil,
      timestamp: 0)
    updates.yield(update)
    await store.receive(.motionUpdate(update)) { $0.zs = [32] }

    await store.send(.recordingButtonTapped) { $0.isRecording = false }
    await store.finish()
  }

  @Test func theSameFeatureOnAReplayedRecordingProjectsNearZeroAtRest() async throws {
    let csv = (0..<200).map { "\(Double($0) * 0.005),0,0,0,0,0,9.80665" }.joined(separator: "\n")
    let recording = try IMURecording(csv: "t,gyr_x,gyr_y,gyr_z,acc_x,acc_y,acc_z\n" + csv)
    let clock = TestClock()
    let motion = MotionClient.replay(recording: recording, clock: clock)
    let store = TestStore(initialState: GravityProjection.State()) {
      GravityProjection(motion: motion)
    }
    store.exhaustivity = .off
    await store.send(.recordingButtonTapped) { $0.isRecording = true }
    await clock.advance(by: .milliseconds(100))
    await store.receive(where: { if case .motionUpdate = $0 { true } else { false } })
    #expect(store.state.zs.allSatisfy { abs($0) < 1e-6 }, "at rest there is no user acceleration")
    await store.send(.recordingButtonTapped) { $0.isRecording = false }
    await store.skipReceivedActions()
    await store.finish()
  }
}
