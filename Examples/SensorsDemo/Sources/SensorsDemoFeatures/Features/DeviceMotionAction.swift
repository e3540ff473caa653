import ComposableMotion

/// The actions a device-motion feature has for its updates effect, so that one initializer
/// turns what ``MotionClient/deviceMotionUpdates(id:using:interval:)`` sends into any of them:
/// `motion.deviceMotionUpdates(id: ID()).map(Action.init)`.
protocol DeviceMotionAction {
  /// An update arrived.
  static func motionUpdate(_ motion: DeviceMotion) -> Self
  /// The updates ended on their own.
  static var motionFinished: Self { get }
  /// The updates failed, with why.
  static func motionFailed(_ error: MotionError) -> Self
}

extension DeviceMotionAction {
  /// The feature's action for what the updates effect sent.
  init(_ update: MotionUpdate<DeviceMotion>) {
    switch update {
    case .sample(let motion): self = .motionUpdate(motion)
    case .finished: self = .motionFinished
    case .failed(let error): self = .motionFailed(error)
    }
  }
}
