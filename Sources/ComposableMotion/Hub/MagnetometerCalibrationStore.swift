import Synchronization

/// The magnetometer calibration one client shares between its device-motion sessions: each session starts
/// from the latest one and hands back every calibration it adopts, so a new subscription (or a restart
/// that restored a saved one) does not start uncalibrated.
final class MagnetometerCalibrationStore: Sendable {
  private let state = Mutex(MagnetometerCalibration.uncalibrated)

  /// The latest calibration.
  var current: MagnetometerCalibration { state.withLock { $0 } }

  /// Replaces the calibration (restored by the caller, or adopted by a session).
  func save(_ calibration: MagnetometerCalibration) {
    state.withLock { $0 = calibration }
  }
}
