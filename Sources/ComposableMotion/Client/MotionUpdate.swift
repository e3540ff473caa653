/// What an updates effect of ``MotionClient`` sends: each sample, then how the stream ended.
///
/// Map it into a feature's action: `motion.deviceMotionUpdates(id: ID()).map(Action.motion)`.
public enum MotionUpdate<Sample: Sendable & Equatable>: Sendable, Equatable {
  /// One sample, in the stream's units (g, rad/s, µT, or a ``DeviceMotion``).
  case sample(Sample)
  /// The stream ended on its own (a replay reached its end, or updates were stopped).
  case finished
  /// The stream failed, with why: match the error's cases to react (a removed device, denied
  /// access), and show its `description`, one sentence saying what to do.
  case failed(MotionError)
}
