import SensorsCore

/// Why a ``MotionClient`` stream failed or a request could not be honoured.
///
/// Each case carries what a person needs to act on it; ``description`` says it in a sentence.
public enum MotionError: Error, Sendable, Hashable {
  /// No sensor of this kind exists in the backend (`searched` names where the backend looked,
  /// e.g. the IIO root directory or the recording's path).
  case sensorUnavailable(MotionSensor, searched: String)
  /// `start…` was called for an id that was never passed to `create`, or was destroyed.
  case managerNotCreated(AnyHashableSendable)
  /// Device motion was asked for in a reference frame the available sensors cannot give.
  case referenceFrameUnavailable(String, available: [String])
  /// The sensor's reader failed (device removed, permission denied, malformed data…);
  /// `message` is the underlying error's explanation.
  case readerFailed(MotionSensor, message: String)
}

extension MotionError: CustomStringConvertible {
  /// A one-sentence explanation a person can act on.
  public var description: String {
    switch self {
    case .sensorUnavailable(let sensor, let searched):
      return "No \(sensor.rawValue) sensor found (searched \(searched))."
    case .managerNotCreated(let id):
      return "No motion manager with id \(id): call create(id) before starting updates."
    case .referenceFrameUnavailable(let frame, let available):
      let list = available.isEmpty ? "none" : available.joined(separator: ", ")
      return "Reference frame \(frame) needs sensors this device lacks (available frames: \(list))."
    case .readerFailed(let sensor, let message):
      return "The \(sensor.rawValue) reader failed: \(message)"
    }
  }
}
