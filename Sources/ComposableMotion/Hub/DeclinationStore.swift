import Geomagnetism
import SensorsCore
import Synchronization

/// The magnetic declination a client's true-north attitudes use: the one the caller gave when
/// the client was made, or else the World Magnetic Model's at the last position set
/// (``MotionClient/setLocation``). Device-motion sessions read it on every scan, so a new
/// position turns running true-north streams from the next output on.
final class DeclinationStore: Sendable {
  private struct State {
    var fixed: Double?
    var position: GeographicPosition?
    var modelled: Double?
    var fieldPrior: MagneticFieldPrior?
  }

  private let state: Mutex<State>
  private let now: @Sendable () -> Timestamp

  /// - Parameters:
  ///   - fixed: a declination in degrees east that overrides any position, or nil.
  ///   - now: the time for positions without a timestamp.
  init(fixed: Double?, now: @escaping @Sendable () -> Timestamp = { .now() }) {
    state = Mutex(State(fixed: fixed))
    self.now = now
  }

  /// The declination in degrees east, or nil while none is known.
  var current: Double? { state.withLock { $0.fixed ?? $0.modelled } }

  /// The local field's prior for the magnetometer calibration, from the last position set; nil
  /// while none is known (the calibration then assumes any field on Earth).
  var fieldPrior: MagneticFieldPrior? { state.withLock { $0.fieldPrior } }

  /// The last position set, if any.
  var position: GeographicPosition? { state.withLock { $0.position } }

  /// Records the device's position; returns the model's error when it cannot give a declination
  /// there (the previous declination is then forgotten rather than kept for the wrong place).
  @discardableResult
  func set(_ position: GeographicPosition) -> GeomagneticError? {
    let time = now()
    let result = Result { () throws(GeomagneticError) in
      try position.magneticDeclination(now: time)
    }
    let prior = try? MagneticFieldPrior(position: position, at: position.timestamp ?? time)
    state.withLock {
      $0.position = position
      $0.modelled = try? result.get()
      $0.fieldPrior = prior
    }
    if case .failure(let error) = result { return error }
    return nil
  }
}
