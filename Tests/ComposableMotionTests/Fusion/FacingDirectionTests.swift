import ComposableMotion
import ComposableSensorsTesting
import ComposableStore
import Synchronization
import Testing

/// composable-core-motion's MotionManager example (pointfreeco/composable-core-motion, MIT licence,
/// Examples/MotionManager), ported to this API: it remembers the first attitude and says whether the
/// device now faces the way it faced then, from the yaw of `attitude · initial⁻¹`.
struct FacingDirectionFeature: Reducer {
  enum Direction: Equatable, Sendable { case forward, backward }

  struct State: Equatable, Sendable {
    var facingDirection: Direction?
    var initialAttitude: Attitude?
    var isRecording = false
    var z: [Double] = []
  }

  enum Action: Equatable, Sendable {
    case motionUpdate(DeviceMotion)
    case recordingButtonTapped
  }

  struct ManagerID: Hashable, Sendable {}

  let motion: MotionClient

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .motionUpdate(let update):
      state.initialAttitude =
        state.initialAttitude ?? motion.deviceMotion(id: ManagerID())?.attitude
      if let initialAttitude = state.initialAttitude {
        let newAttitude = update.attitude.multiplied(byInverseOf: initialAttitude)
        state.facingDirection = abs(newAttitude.yaw) < Double.pi / 2 ? .forward : .backward
      }
      state.z.append(
        update.gravity.x * update.userAcceleration.x + update.gravity.y
          * update.userAcceleration.y + update.gravity.z * update.userAcceleration.z)
      state.z.removeFirst(max(0, state.z.count - 350))
      return .none
    case .recordingButtonTapped:
      state.isRecording.toggle()
      guard state.isRecording else {
        state.initialAttitude = nil
        state.facingDirection = nil
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
      }
    }
  }
}

@Suite("Facing direction (composable-core-motion's testFacingDirection)", .timeLimit(.minutes(1)))
struct FacingDirectionTests {
  private func motion(quaternion: Quaternion) -> DeviceMotion {
    DeviceMotion(
      attitude: Attitude(quaternion: quaternion),
      gravity: Acceleration(x: 0, y: 0, z: 0),
      userAcceleration: Acceleration(x: 0, y: 0, z: 0),
      rotationRate: RotationRate(x: 0, y: 0, z: 0),
      magneticField: .init(field: MagneticField(x: 0, y: 0, z: 0), accuracy: .high),
      heading: 0,
      timestamp: 0)
  }

  @Test func turningHalfwayRoundAboutZFacesBackward() async {
    // The original's values: a half turn about x, then a half turn about z.
    let initialDeviceMotion = motion(quaternion: Quaternion(w: 0, x: 1, y: 0, z: 0))
    let updatedDeviceMotion = motion(quaternion: Quaternion(w: 0, x: 0, y: 0, z: 1))
    let updates = ScriptedStream<DeviceMotion>()
    let isLive = Mutex(false)
    var client = MotionClient.unimplemented()
    client.create = { _ in isLive.withLock { $0 = true } }
    client.destroy = { _ in isLive.withLock { $0 = false } }
    client.deviceMotion = { _ in initialDeviceMotion }
    client.startDeviceMotionUpdates = { _, _ in updates.stream }
    client.stopDeviceMotionUpdates = { _ in updates.finish() }

    let store = TestStore(initialState: FacingDirectionFeature.State()) {
      FacingDirectionFeature(motion: client)
    }
    await store.send(.recordingButtonTapped) { $0.isRecording = true }
    await updates.waitForConsumer()
    let liveAfterStart = isLive.withLock { $0 }
    #expect(liveAfterStart)

    updates.yield(initialDeviceMotion)
    await store.receive(.motionUpdate(initialDeviceMotion)) {
      $0.facingDirection = .forward
      $0.initialAttitude = initialDeviceMotion.attitude
      $0.z = [0]
    }

    updates.yield(updatedDeviceMotion)
    await store.receive(.motionUpdate(updatedDeviceMotion)) {
      $0.z = [0, 0]
      $0.facingDirection = .backward
    }

    await store.send(.recordingButtonTapped) {
      $0.facingDirection = nil
      $0.initialAttitude = nil
      $0.isRecording = false
    }
    await store.finish()
    let liveAfterStop = isLive.withLock { $0 }
    #expect(!liveAfterStop)
  }
}
