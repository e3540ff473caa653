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

  /// - Parameters:
  ///   - frame: the reference frame of the attitudes.
  ///   - declination: magnetic declination in degrees east (true north only).
  ///   - interval: the output interval, read again whenever `generation` has moved since it
  ///     was last read, so a change applies from the next scan.
  ///   - generation: a counter bumped after every change of `interval` (cheap to read on
  ///     every scan, unlike `interval`).
  init(
    frame: AttitudeReferenceFrame, declination: Double?,
    interval: @escaping @Sendable () -> Duration,
    generation: @escaping @Sendable () -> UInt64
  ) {
    self.state = Mutex(
      State(estimator: DeviceMotionEstimator(frame: frame, declination: declination)))
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
    let period: Double
    if let cached = state.withLock({ $0.period }), cached.generation == current {
      period = cached.seconds
    } else {
      // Read outside the lock: `interval` takes the registry's.
      period = seconds(interval())
    }
    return state.withLock { state in
      state.period = (period, current)
      if let acceleration = scan.acceleration { state.acceleration = acceleration }
      if let field = scan.magneticField { state.pendingField = field }
      guard let rate = scan.rotationRate, let acceleration = state.acceleration else { return nil }
      let motion = state.estimator.update(
        rotationRate: rate, acceleration: acceleration, magneticField: state.pendingField,
        timestamp: scan.timestamp)
      state.pendingField = nil
      return OutputPacing.isDue(scan.timestamp, period: period, nextDue: &state.nextDue)
        ? motion : nil
    }
  }
}
