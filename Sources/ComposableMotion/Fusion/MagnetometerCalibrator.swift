#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Learns a ``MagnetometerCalibration`` online from the rotations the device goes through, like the
/// calibration Core Motion runs behind `CMCalibratedMagneticField`.
///
/// Each time the gyroscope-and-accelerometer orientation has turned by ``Parameters/stepAngle`` since the
/// last sample it used, the calibrator adds the raw field to a least-squares fit of the model
/// `R (K m + c + τ Δm) = e` (τ the magnetometer's delay): rotated into the z-up frame of the orientation
/// `R`, the corrected field must be one fixed vector `e`, the Earth's field. The orientation tells it how the field should have turned, so a
/// small rotation already pins down the hard iron, where fitting an ellipsoid to the field's norms alone
/// needs the device turned to face every direction. Once a fit exists, a sample whose corrected strength
/// or dip is far from the fitted Earth's field is a disturbance (a magnet, steel) and is not learned from;
/// if the disagreement persists while the device keeps turning, the environment (or the device's own
/// magnetization) has changed and the fit starts again. Old samples are forgotten exponentially, so the
/// memory is fixed and the calibration follows a slow change.
///
/// The accuracy comes from the fit's own confidence: the predicted error of the corrected field's
/// direction (from the rotation coverage and the residual scatter) and the residual itself.
///
/// ```swift
/// var calibrator = MagnetometerCalibrator(initial: saved)
/// let field = calibrator.update(raw, orientation6D: filter.orientation6D)
/// print(calibrator.calibration.accuracy, calibrator.calibration.textLine)
/// ```
public struct MagnetometerCalibrator: Sendable {
  /// What the calibrator is doing.
  public enum Phase: Sendable, Hashable {
    /// No Earth's field is known: every step of rotation is learned from.
    case learning
    /// A fitted (or restored) Earth's field gates the samples: disturbed ones are not learned from.
    case refining
  }

  /// The tuning in use.
  public let parameters: Parameters
  /// What the Earth's field where the device is may be: a fit whose corrected field's strength and
  /// dip it does not admit is not adopted. ``MagneticFieldPrior/earthWide`` unless a location gave
  /// the local field; set it when one arrives.
  public var fieldPrior: MagneticFieldPrior
  /// How many fits were not adopted because no plausible device and place explain them (their
  /// field outside ``fieldPrior``, or their soft iron beyond ``Parameters/largestAnisotropy``).
  public internal(set) var implausibleFitCount = 0
  /// The calibration in use: ``MagnetometerCalibration/uncalibrated`` until a fit is good enough, or the
  /// restored one.
  public internal(set) var calibration: MagnetometerCalibration
  /// What the calibrator is doing.
  public internal(set) var phase: Phase
  /// Samples (steps of rotation) learned from.
  public private(set) var learnedSampleCount = 0
  /// Samples not learned from because the field was disturbed.
  public private(set) var disturbedSampleCount = 0
  /// How many times a persistent disagreement restarted the fit.
  public private(set) var restartCount = 0
  /// How many fits replaced the calibration in use.
  public internal(set) var adoptedFitCount = 0
  /// How many least-squares fits ran (each costs about as much as ten filter updates). Fits that
  /// change nothing (they confirm the calibration in use, or refine it by less than 1° and 3 %) make
  /// the next one wait twice as long, up to 128 steps.
  public private(set) var fitCount = 0
  /// Whether the most recent ``update(_:orientation6D:rotationRate:sampleInterval:)`` replaced the calibration with one that turns or
  /// scales the field noticeably (more than 1° or 3 %): a heading filter should then re-converge.
  public internal(set) var changedNoticeably = false
  /// The heading of the Earth's field the calibration in use was fitted with, in radians clockwise from
  /// the orientation frame's y axis (the frame of `orientation6D`), and how many steps of rotation it
  /// rests on; `nil` for a calibration that was not fitted here. A filter re-converging its heading after
  /// ``changedNoticeably`` can start from it: it averages every step the fit holds, not just the newest.
  var fittedHeading: (angle: Double, weight: Double)?
  /// The predicted error (one standard deviation, degrees) of the heading the calibration in use gives,
  /// from the fit that adopted or confirmed it, with the residual taken as at least
  /// ``Parameters/equationNoise``: the share of the correction the rotations so far leave to the prior
  /// (a misalignment about the one axis the device turned about) stays uncertain however small the
  /// residual. `nil` for a calibration no fit here has checked (uncalibrated, or restored and not yet
  /// confirmed).
  var headingUncertainty: Double?

  /// cos(stepAngle / 2): two unit quaternions differ by more than the step when |q·p| is below it.
  private let stepCosine: Double
  var correction = Matrix3.identity
  var correctedOffset = SIMD3<Double>.zero
  // Whether the calibration in use changes the field at all (the identity costs nothing per sample).
  private var correctsField = false
  var leastSquares = CalibrationLeastSquares()
  var scale = 0.0
  private var lastStep: Quaternion?
  var samplesSinceFit = 0
  private var magnetometerSamplesSinceFit = 0
  var consecutiveDisturbed = 0
  var declinedFits = 0
  // Steps to wait before the next fit because the last ones changed nothing (doubled by each).
  var fitBackoff = 0
  // The samples since the last step: the orientation of the first, the sum of the fields, how many.
  var blockStart = Quaternion.identity
  private var blockField = SIMD3<Double>.zero
  private var blockCount = 0
  private var previousBlockField = SIMD3<Double>.zero
  private var previousBlockCount = 0
  // Seconds the block spans (0 while the sample intervals are unknown), and |q·p| between the
  // orientations that end this step and the last (cos of half the angle turned).
  private var blockDuration = 0.0
  var stepCosineTurned = 1.0
  // The sum of the block's orientations (w, x, y, z), each signed as the block's first.
  var blockOrientation = SIMD4<Double>.zero
  // cos(learningAngle / 2).
  private let learningCosine: Double
  // The fraction of a step the last learning steps turned beyond their whole steps.
  var stepRemainder = 0.0
  // Learning steps taken (each one or more steps of rotation).
  private(set) var learningStepCount = 0
  // Fits not solved because they could change nothing (``confirmsSettled(_:at:rotation:softIronPriorWeight:)``).
  var settledFitCount = 0
  // Whether the calibration in use is a fit to the samples the least squares holds now.
  var inUseIsOwnFit = false
  /// The calibration in use before the last adopted fit, kept while it was a confirmed one: a
  /// device-fixed disturbance that switches (a motor's current) moves between two calibrations, and
  /// the one it switches back to is known. `nil` if there is none.
  var previous: MagnetometerCalibration?
  /// Consecutive disturbed steps the previous calibration explains.
  var previousExplains = 0
  // ``dipGateSines(_:)`` of the calibration in use.
  var gateSines = SIMD2<Double>(-1, 1)
  // Magnetometer samples in a row the filter has called disturbed.
  private var filterDisturbedSince = 0
  // Steps not learned from because the filter called the field disturbed, since it last did not.
  private var filterBlockedSteps = 0
  // Steps whose field changed faster than the device's own iron could explain (a world disturbance).
  var worldChange = WorldChangeDetector()
  // The residual (relative rms per component) of the calibration in use on the samples of the fit
  // that adopted or confirmed it; `nil` if no fit here checked it.
  var explainedResidual: Double?
  // 1 / √s, s how far the rotations of that fit turned a device-fixed error through the frame (the
  // middle of ``CalibrationLeastSquares/rotationSpread``): its residual bounds the error only as far
  // as they did. Infinite while they turned nothing.
  var unexposedErrorGain = Double.infinity
  // The Earth's field strength (normalized units) of the last full solve: the soft-iron prior is
  // weighed with it (``softIronPriorWeight(earth:)``).
  var fittedEarth: Double?

  /// Creates a calibrator, starting from a saved calibration if there is one.
  ///
  /// - Parameters:
  ///   - initial: a calibration restored with ``MagnetometerCalibration/init(textLine:)``; it is used at
  ///     once, and refined. With a known field strength it also gates disturbances from the start.
  ///   - parameters: the tuning.
  ///   - fieldPrior: what the Earth's field where the device is may be; Earth-wide by default.
  public init(
    initial: MagnetometerCalibration? = nil, parameters: Parameters = Parameters(),
    fieldPrior: MagneticFieldPrior = .earthWide
  ) {
    self.parameters = parameters
    self.fieldPrior = fieldPrior
    self.stepCosine = cos(parameters.stepAngle * Double.pi / 360)
    self.learningCosine = cos(min(parameters.learningAngle, 360) * Double.pi / 360)
    let start = initial ?? .uncalibrated
    self.calibration = start
    self.phase = start.fieldStrength > 0 && start.accuracy > .uncalibrated ? .refining : .learning
    if start.fieldStrength > 0 { scale = start.fieldStrength }
    setCorrection(start)
  }

  /// Corrects a raw field with the calibration in use, after learning from it.
  ///
  /// - Parameters:
  ///   - raw: the magnetometer in µT, device axes (finite; the filter rejects absurd values first).
  ///   - orientation6D: the gyroscope-and-accelerometer orientation (device → a z-up frame) at the same
  ///     time, unit length.
  ///   - rotationRate: the gyroscope's rate in rad/s (its length), if known: samples taken while turning
  ///     fast weigh less, since a small delay between the sensors becomes a large field error.
  ///   - sampleInterval: the seconds since the previous magnetometer sample, if known: the samples
  ///     of ``Parameters/learningInterval`` are learned from as one step. 0 (unknown) learns from
  ///     every step of rotation.
  /// - Returns: the corrected field in µT, device axes.
  public mutating func update(
    _ raw: SIMD3<Double>, orientation6D: Quaternion, rotationRate: Double = 0,
    sampleInterval: Double = 0
  ) -> SIMD3<Double> {
    update(
      raw, orientation6D: orientation6D, angularVelocity: SIMD3(rotationRate, 0, 0),
      interval: sampleInterval)
  }

  /// ``update(_:orientation6D:rotationRate:sampleInterval:)`` with the angular velocity (rad/s; only its length
  /// matters, and only on the samples that end a step of rotation), and whether the filter's own disturbance detection (against the reference
  /// field it accepted with the calibration in use) calls the field disturbed.
  @inline(__always)
  mutating func update(
    _ raw: SIMD3<Double>, orientation6D: Quaternion, angularVelocity: SIMD3<Double>,
    fieldDisturbed: Bool = false, interval: Double = 0
  ) -> SIMD3<Double> {
    changedNoticeably = false
    if fieldDisturbed {
      filterDisturbedSince &+= 1
    } else {
      filterDisturbedSince = 0
    }
    magnetometerSamplesSinceFit &+= 1
    // Samples between two steps are averaged: the field's noise shrinks with every sample, at the cost
    // of three additions. The orientation of the average is the mean of the block's first and last
    // (the middle of a steady turn), and its rotation rate the last sample's: per sample, the
    // calibrator adds little to the filter's own work.
    if blockCount == 0 {
      blockStart = orientation6D
      blockOrientation = .zero
    }
    blockField += raw
    blockCount &+= 1
    // Known sample intervals make the calibrator learn at a rate of its own: the steps of rotation
    // within ``Parameters/learningInterval`` (and ``Parameters/learningAngle``) are one learning
    // step, at the block's mean orientation (``learningSteps(samples:duration:)``).
    let merges = interval > 0 && interval.isFinite && parameters.learningInterval > 0
    if merges {
      blockDuration += interval
      accumulateOrientation(orientation6D)
    }
    if blockCount >= parameters.samplesPerStep,
      isNewStep(orientation6D, waits: merges && blockDuration < parameters.learningInterval)
    {
      let count = Double(blockCount)
      let field = blockField / count
      // The field's rate of change per sample, between the centres of this block and the last.
      let change =
        previousBlockCount > 0
        ? (field - previousBlockField) / ((count + Double(previousBlockCount)) / 2) : .zero
      previousBlockField = field
      previousBlockCount = blockCount
      let start = blockStart
      let squaredRate = dot(angularVelocity, angularVelocity)
      let sign: Double =
        (start.w * orientation6D.w + start.x * orientation6D.x + start.y * orientation6D.y
          + start.z * orientation6D.z) < 0 ? -1 : 1
      let middle =
        merges
        ? Quaternion(
          w: blockOrientation.x, x: blockOrientation.y, y: blockOrientation.z,
          z: blockOrientation.w)
        : Quaternion(
          w: start.w + sign * orientation6D.w, x: start.x + sign * orientation6D.x,
          y: start.y + sign * orientation6D.y, z: start.z + sign * orientation6D.z)
      learn(
        field, change: change, orientation6D: middle.normalized,
        squaredRotationRate: squaredRate.isFinite ? squaredRate : 0,
        steps: learningSteps(samples: blockCount, duration: blockDuration))
      blockField = .zero
      blockCount = 0
      blockDuration = 0
      learningStepCount &+= 1
    }
    return correctsField ? corrected(raw) : raw
  }

  /// The corrected field for a raw one (µT) with the calibration in use, without learning.
  @inline(__always)
  public func corrected(_ raw: SIMD3<Double>) -> SIMD3<Double> {
    correction * raw - correctedOffset
  }

  /// Whether `q` has turned a step from the last one; while the block `waits` (its learning
  /// interval is not over), only once it has turned ``Parameters/learningAngle``.
  @inline(__always)
  private mutating func isNewStep(_ q: Quaternion, waits: Bool) -> Bool {
    guard let last = lastStep else {
      lastStep = q
      stepCosineTurned = 1
      return true
    }
    let cosine = abs(q.w * last.w + q.x * last.x + q.y * last.y + q.z * last.z)
    guard cosine < stepCosine, !waits || cosine < learningCosine else { return false }
    lastStep = q
    stepCosineTurned = cosine
    return true
  }

  private mutating func learn(
    _ raw: SIMD3<Double>, change: SIMD3<Double>, orientation6D: Quaternion,
    squaredRotationRate: Double, steps: Int
  ) {
    let rotation = Matrix3(rotation: orientation6D)
    // A field that changed by more than the calibration's own error can turn it is not learned from.
    if isWorldChange(raw, orientation: orientation6D, up: rotation.r2, steps: steps) {
      disturbedSampleCount += steps
      return
    }
    // Before a confirmed calibration can gate, the filter's detection does: with a reference field
    // accepted (the field was even while the device turned), a field that then changes is a world-
    // fixed disturbance (a magnet passed) and is not learned; a change that lasts while the device
    // keeps turning for ``Parameters/relearnAfter`` steps is learned afresh, as the device's own iron.
    if filterDisturbedSince == 0 { filterBlockedSteps = 0 }
    if filterDisturbedSince > 0, calibration.accuracy > .uncalibrated, !inUseIsOwnFit,
      phase == .learning || calibration.accuracy < .medium,
      filterBlockedSteps < parameters.relearnAfter
    {
      disturbedSampleCount += steps
      filterBlockedSteps += steps
      // The change has lasted: learn the field as it is now, without the samples from before it.
      if filterBlockedSteps >= parameters.relearnAfter { restart() }
      return
    }
    // After a restart (the field changed for long), a field the calibration known before explains
    // again means the change is over (the magnet was taken away, the motor stopped): back to it.
    if calibration.accuracy < .medium, case .some = previous,
      switchesBack(raw, up: rotation.r2, steps: steps)
    {
      return
    }
    // A low-accuracy fit is too uncertain to tell a disturbance from its own error: it learns from
    // everything, so that the next fit can replace it.
    if phase == .refining, calibration.accuracy >= .medium,
      isDisturbed(corrected(raw), up: rotation.r2)
    {
      disturbedSampleCount += steps
      consecutiveDisturbed += steps
      if switchesBack(raw, up: rotation.r2, steps: steps) { return }
      if consecutiveDisturbed > parameters.relearnAfter { restart() }
      return
    }
    consecutiveDisturbed = 0
    previousExplains = 0
    if scale == 0 { scale = max(raw.length, 1) }
    let fast = parameters.fastRotation * parameters.fastRotation
    let relativeSquare = squaredRotationRate.isFinite && fast > 0 ? squaredRotationRate / fast : 0
    leastSquares.add(
      raw: raw * (1 / scale), rate: change * (1 / scale), rotation: rotation,
      sampleWeight: 1 / (1 + relativeSquare),
      forgetting: 1 - 1 / max(parameters.memory, 1), count: steps)
    learnedSampleCount += steps
    samplesSinceFit += steps
    // Fits become rarer as the samples pile up: a fit each time the steps learned have grown by an
    // eighth (the answer's uncertainty shrinks by a constant factor between two fits, so the first
    // seconds cost a few tens of fits, not one every few steps), at most every 128 steps and every
    // ``Parameters/magnetometerSamplesPerFit`` samples; a fit costs a 15 × 15 factorization.
    let interval = max(parameters.samplesPerFit, min(128, max(learnedSampleCount / 8, fitBackoff)))
    if leastSquares.weight >= parameters.minimumSamples, samplesSinceFit >= interval,
      magnetometerSamplesSinceFit >= parameters.magnetometerSamplesPerFit
    {
      samplesSinceFit = 0
      magnetometerSamplesSinceFit = 0
      let before = calibration.accuracy
      fitCount += 1
      // A fit that changes nothing one can see (it confirms the calibration in use, or refines it by
      // less than 1° and 3 %) says the answer has settled: the next waits twice as long. One that
      // changes it, or disagrees with it (a declined fit), keeps them coming.
      fitBackoff = min(128, 2 * interval)
      fit(raw, rotation: rotation)
      if changedNoticeably || calibration.accuracy != before { fitBackoff = 0 }
    }
  }

  /// Starts the fit again after a persistent disagreement; the calibration stays in use, trusted less.
  mutating func restart() {
    keepAsPrevious(calibration)
    leastSquares.reset()
    phase = .learning
    consecutiveDisturbed = 0
    samplesSinceFit = 0
    fitBackoff = 0
    declinedFits = 0
    restartCount += 1
    inUseIsOwnFit = false
    fittedHeading = nil
    if calibration.accuracy > .low { calibration.accuracy = .low }
  }

  mutating func setCorrection(_ calibration: MagnetometerCalibration) {
    correction = Matrix3(calibration.softIronCorrection)
    correctedOffset = correction * calibration.hardIron
    correctsField = correctedOffset != .zero || calibration.softIronCorrection != .identity
    gateSines = dipGateSines(calibration)
  }
}
