import ComposableMotion
import ComposableStore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// A feature as a user of the package writes it: once armed, it follows device motion and
/// raises the alarm when the device stays tilted more than 30° for half a second (its own timer
/// on the injected clock).
struct TiltAlarm: Reducer {
  struct State: Equatable, Sendable {
    var isArmed = false
    var updates = 0
    /// The latest tilt from vertical, in degrees.
    var tilt = 0.0
    var isTilted = false
    var alarm = false
    var finished = false
  }

  enum Action: Equatable, Sendable {
    case armTapped
    case motionUpdate(DeviceMotion)
    case holdElapsed
    case motionFinished
  }

  let motion: MotionClient
  let clock: any Clock<Duration>

  enum CancelID { case updates, hold }
  struct ManagerID: Hashable, Sendable {}

  /// The tilt (degrees) beyond which the device counts as tilted.
  static let threshold = 30.0
  /// How long a tilt must last to raise the alarm.
  static let hold = Duration.milliseconds(500)

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .armTapped:
      state.isArmed = true
      return .run { [motion] send in
        await motion.create(id: ManagerID())
        for try await update in motion.startDeviceMotionUpdates(id: ManagerID()) {
          await send(.motionUpdate(update))
        }
        await motion.destroy(id: ManagerID())
        await send(.motionFinished)
      }
      .cancellable(id: CancelID.updates)

    case .motionUpdate(let update):
      state.updates += 1
      let g = update.gravity
      let norm = (g.x * g.x + g.y * g.y + g.z * g.z).squareRoot()
      state.tilt = norm > 0 ? acos(max(-1, min(1, -g.z / norm))) * 180 / .pi : 0
      let tilted = state.tilt > Self.threshold
      guard tilted != state.isTilted else { return .none }
      state.isTilted = tilted
      guard tilted else { return .cancel(id: CancelID.hold) }
      return .run { [clock] send in
        try await clock.sleep(for: Self.hold)
        await send(.holdElapsed)
      }
      .cancellable(id: CancelID.hold, cancelInFlight: true)

    case .holdElapsed:
      state.alarm = true
      return .none

    case .motionFinished:
      state.finished = true
      return .none
    }
  }
}

extension TiltAlarm {
  /// 6.5 s at 100 Hz (651 rows): flat for 2 s, tipped 60° about x over 0.5 s (the gyroscope
  /// turning, the accelerometer following), then held there.
  static let recording: IMURecording = {
    var samples: [IMURecording.Sample] = []
    let g = 9.80665
    let tipStart = 2.0
    let tipEnd = 2.5
    let finalAngle = Double.pi / 3
    for row in 0...650 {
      let t = Double(row) / 100
      let progress = min(max((t - tipStart) / (tipEnd - tipStart), 0), 1)
      let angle = finalAngle * progress
      let rate = t >= tipStart && t < tipEnd ? finalAngle / (tipEnd - tipStart) : 0
      samples.append(
        IMURecording.Sample(
          time: t, gyroscope: SIMD3(rate, 0, 0),
          accelerometer: SIMD3(0, g * sin(angle), g * cos(angle)), magnetometer: nil))
    }
    return IMURecording(samples: samples, sensors: [.gyroscope, .accelerometer])
  }()
}
