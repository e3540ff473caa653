import Synchronization

/// Fuses one manager's device-motion subscription: holds the latest accelerometer and
/// magnetometer values (they may come from other devices, at other rates), steps the
/// estimator on every gyroscope sample, and paces the output to the manager's interval.
final class DeviceMotionSession: Sendable {
  private struct State {
    var estimator: DeviceMotionEstimator
    var acceleration: Acceleration?
    // A field not yet given to the estimator: it takes each magnetometer sample once.
    var pendingField: MagneticField?
    var nextDue: Double?
    /// The output period in seconds, and the interval generation it was read at.
    var period: (seconds: Double, generation: UInt64)?
  }

  private let state: Mutex<State>
  private let interval: @Sendable () -> Duration
  private let generation: @Sendable () -> UInt64
  private let calibration: MagnetometerCalibrationStore
  /// Where a true-north session reads its declination on every scan; nil for other frames.
  private let declination: DeclinationStore?

  /// - Parameters:
  ///   - frame: the reference frame of the attitudes.
  ///   - declination: the client's declination (true north only), read again on every scan so a
  ///     position set while the stream runs applies from the next output.
  ///   - calibration: the client's magnetometer calibration: the session starts from it and saves
  ///     every calibration its estimator adopts.
  ///   - interval: the output interval, read again whenever `generation` has moved since it
  ///     was last read, so a change applies from the next scan.
  ///   - generation: a counter bumped after every change of `interval` (cheap to read on
  ///     every scan, unlike `interval`).
  init(
    frame: AttitudeReferenceFrame, declination: DeclinationStore,
    calibration: MagnetometerCalibrationStore,
    interval: @escaping @Sendable () -> Duration,
    generation: @escaping @Sendable () -> UInt64
  ) {
    let start = calibration.current
    self.state = Mutex(
      State(
        estimator: DeviceMotionEstimator(
          frame: frame, declination: declination.current,
          magnetometerCalibration: start.accuracy > .uncalibrated ? start : nil,
          magneticFieldPrior: declination.fieldPrior ?? .earthWide)))
    self.calibration = calibration
    self.declination = frame == .xTrueNorthZVertical ? declination : nil
    self.interval = interval
    self.generation = generation
  }

  /// The earliest scan time (seconds) that can produce the next output: the filter needs
  /// every scan, but none before this one promptly. Nil before the first output.
  func nextNeeded() -> Double? {
    state.withLock { state in
      guard let due = state.nextDue, let period = state.period?.seconds else { return nil }
      return OutputPacing.earliestDue(due, period: period)
    }
  }

  /// Feeds a scan; returns a device motion when one is due.
  func update(_ scan: MotionScan) -> DeviceMotion? {
    let current = generation()
    let declination = self.declination?.current
    // One lock per scan: the cached period paces the output here unless the interval changed,
    // and only then is the interval read (outside the lock: `interval` takes the registry's).
    let (fused, adopted, paced) = state.withLock {
      state -> (DeviceMotion?, MagnetometerCalibration?, Bool) in
      if let acceleration = scan.acceleration { state.acceleration = acceleration }
      if let field = scan.magneticField { state.pendingField = field }
      guard let rate = scan.rotationRate, let acceleration = state.acceleration else {
        return (nil, nil, true)
      }
      if let declination { state.estimator.declination = declination }
      let fits = state.estimator.filter.magnetometerCalibrator?.adoptedFitCount
      let motion = state.estimator.update(
        rotationRate: rate, acceleration: acceleration, magneticField: state.pendingField,
        timestamp: scan.timestamp)
      state.pendingField = nil
      let adopted =
        state.estimator.filter.magnetometerCalibrator?.adoptedFitCount != fits
        ? state.estimator.magnetometerCalibration : nil
      guard let cached = state.period, cached.generation == current else {
        return (motion, adopted, false)
      }
      let due = OutputPacing.isDue(scan.timestamp, period: cached.seconds, nextDue: &state.nextDue)
      return (due ? motion : nil, adopted, true)
    }
    var motion = fused
    if !paced {
      let period = seconds(interval())
      let due = state.withLock { state in
        state.period = (period, current)
        return OutputPacing.isDue(scan.timestamp, period: period, nextDue: &state.nextDue)
      }
      if !due { motion = nil }
    }
    if let adopted { calibration.save(adopted) }
    return motion
  }
}
