import ComposableMotion
import ComposableSensorsTesting
import ComposableStore
import Synchronization
import Testing

/// The seed scenario, as a user writes it: a feature that records accelerometer samples
/// while a button is on, tested with an `.unimplemented` client whose lifecycle endpoints
/// are overridden.
struct AccelerometerRecorder: Reducer {
  struct State: Equatable, Sendable {
    var isRecording = false
    var samples: [Acceleration] = []
  }

  enum Action: Equatable, Sendable {
    case recordButtonTapped
    case stopButtonTapped
    case accelerometer(AccelerometerData)
    case updatesFinished
  }

  struct ManagerID: Hashable, Sendable {}

  let motion: MotionClient

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .recordButtonTapped:
      state.isRecording = true
      return .run { [motion] send in
        await motion.create(id: ManagerID())
        for try await sample in motion.startAccelerometerUpdates(id: ManagerID()) {
          await send(.accelerometer(sample))
        }
        await send(.updatesFinished)
      }
    case .stopButtonTapped:
      state.isRecording = false
      return .run { [motion] _ in
        await motion.stopAccelerometerUpdates(id: ManagerID())
        await motion.destroy(id: ManagerID())
      }
    case .accelerometer(let sample):
      state.samples.append(sample.acceleration)
      return .none
    case .updatesFinished:
      return .none
    }
  }
}

@Suite(.timeLimit(.minutes(1))) struct RecordingFeatureTests {
  @Test func recordUpdatesAccumulateThenStopFinishesTheStreamAndDestroysTheManager() async {
    let lifecycle = Mutex<[String]>([])
    let (updates, continuation) = AsyncThrowingStream.makeStream(of: AccelerometerData.self)
    var motion = MotionClient.unimplemented()
    motion.create = { id in lifecycle.withLock { $0.append("create \(id)") } }
    motion.startAccelerometerUpdates = { id in
      lifecycle.withLock { $0.append("start \(id)") }
      return updates
    }
    motion.stopAccelerometerUpdates = { id in
      lifecycle.withLock { $0.append("stop \(id)") }
      continuation.finish()
    }
    motion.destroy = { id in lifecycle.withLock { $0.append("destroy \(id)") } }

    let store = TestStore(initialState: AccelerometerRecorder.State()) {
      AccelerometerRecorder(motion: motion)
    }
    await store.send(.recordButtonTapped) { $0.isRecording = true }

    let flat = AccelerometerData(acceleration: Acceleration(x: 0, y: 0, z: -1), timestamp: 1)
    let tilted = AccelerometerData(
      acceleration: Acceleration(x: 0.5, y: 0, z: -0.87), timestamp: 1.01)
    continuation.yield(flat)
    await store.receive(.accelerometer(flat)) { $0.samples = [flat.acceleration] }
    continuation.yield(tilted)
    await store.receive(.accelerometer(tilted)) {
      $0.samples = [flat.acceleration, tilted.acceleration]
    }

    await store.send(.stopButtonTapped) { $0.isRecording = false }
    await store.receive(.updatesFinished)
    await store.finish()
    let id = AnyHashableSendable(AccelerometerRecorder.ManagerID())
    #expect(
      lifecycle.withLock { $0 } == ["create \(id)", "start \(id)", "stop \(id)", "destroy \(id)"])
  }
}
