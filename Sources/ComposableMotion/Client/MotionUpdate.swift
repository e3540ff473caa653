/// What an updates effect of ``MotionClient`` sends: each sample, then how the stream ended.
///
/// Map it into a feature's action: `motion.deviceMotionUpdates(id: ID()).map(Action.motion)`.
public enum MotionUpdate<Sample: Sendable & Equatable>: Sendable, Equatable {
  /// One sample, in the stream's units (g, rad/s, µT, or a ``DeviceMotion``).
  case sample(Sample)
  /// The stream ended on its own (a replay reached its end, or updates were stopped).
  case finished
  /// The stream failed; the message is ``MotionError``'s description (or the error's own), one
  /// sentence saying what to do.
  case failed(String)
}
