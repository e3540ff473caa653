import LinuxIIO
import SensorsCore

/// Why a ``MotionClient`` stream failed or a request could not be honoured.
///
/// Every case carries values, never prose: a reducer can tell a removed device
/// (`.readerFailed(_, .deviceRemoved)`) from denied access (`.readerFailed(_, .permissionDenied)`)
/// by matching. ``description`` turns each into a sentence a person can act on.
public enum MotionError: Error, Sendable, Hashable {
  /// No sensor of this kind exists in the backend (`searched` names where the backend looked:
  /// the IIO root directory, or the recording). Discovery problems of the devices looked at are
  /// in `skipped`.
  case sensorUnavailable(MotionSensor, searched: String, skipped: [IIODiscovery.Skipped] = [])
  /// The only device measuring this kind has fewer than three axes (the ADXRS290 gyroscope has
  /// x and y only), so it cannot give Core Motion's x/y/z samples.
  case sensorIncomplete(MotionSensor, device: String, axes: [IIOAxis])
  /// `start…` was called for an id that was never passed to `create`, or was destroyed.
  case managerNotCreated(AnyHashableSendable)
  /// Device motion was asked for in a reference frame the available sensors cannot give.
  case referenceFrameUnavailable(AttitudeReferenceFrame, available: [AttitudeReferenceFrame])
  /// The sensor's reader failed: the device was removed, access was denied, an attribute was
  /// malformed, the buffer was busy or could not be enabled…
  case readerFailed(MotionSensor, IIOError)
  /// In buffered mode the device delivered no scan within `waited` of enabling its buffer:
  /// typically a triggered buffer with no trigger driving it.
  case noScans(MotionSensor, device: String, waited: Duration)
  /// A replayed recording (`name`, for example its path) failed after the rows before the
  /// failure were delivered: a malformed row, a line too long, a read error.
  case recordingUnreadable(name: String, IMURecordingError)
  /// A stream of a hand-built client (a test double, an adapter) threw an error that is not a
  /// `MotionError`: `type` is its Swift type, `description` what it says about itself. The
  /// live and replay clients never throw anything but `MotionError`.
  case foreign(type: String, description: String)

  /// `error` itself when it is a `MotionError`, else ``foreign(type:description:)`` naming it.
  public init(_ error: any Error) {
    if let error = error as? MotionError {
      self = error
    } else {
      self = .foreign(type: String(reflecting: Swift.type(of: error)), description: "\(error)")
    }
  }
}

extension MotionError: CustomStringConvertible {
  /// A one-sentence explanation a person can act on.
  public var description: String {
    switch self {
    case .sensorUnavailable(let sensor, let searched, let skipped):
      let problems =
        skipped.isEmpty ? "" : " (" + skipped.map(\.description).joined(separator: "; ") + ")"
      return "No \(sensor.rawValue) sensor found (searched \(searched))\(problems)."
    case .sensorIncomplete(let sensor, let device, let axes):
      let list = axes.map(\.rawValue).joined(separator: ", ")
      return "The \(sensor.rawValue) of \(device) measures only \(list.isEmpty ? "no" : list) "
        + "axes: \(sensor.rawValue) updates and device motion need x, y and z, so it is not used."
    case .managerNotCreated(let id):
      return "No motion manager with id \(id): call create(id) before starting updates."
    case .referenceFrameUnavailable(let frame, let available):
      let list = available.isEmpty ? "none" : available.map(\.rawValue).joined(separator: ", ")
      return
        "Reference frame \(frame.rawValue) needs sensors this device lacks (available frames: \(list))."
    case .readerFailed(let sensor, let error):
      return "The \(sensor.rawValue) reader failed: \(error)"
    case .noScans(let sensor, let device, let waited):
      return "The \(sensor.rawValue) device \(device) delivered no scan in \(waited) after its "
        + "buffer was enabled: its buffer probably needs a trigger. Create one (an hrtimer or "
        + "sysfs trigger) and set it in trigger/current_trigger, or read it with "
        + "MotionReadingMode.automatic or .polling."
    case .recordingUnreadable(let name, let error):
      return "Cannot replay \(name): \(error)"
    case .foreign(let type, let description):
      return "The motion stream failed with \(type): \(description)"
    }
  }
}
