#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

// The calibrator learns at a rate of its own. A magnetometer may give 10 or 300 samples a second;
// the field's noise and the orientation's change between two of them shrink as the rate grows, so
// learning from every step of rotation (1° and four samples) costs a 300 Hz sensor three times the
// work per second of a 100 Hz one and tells the fit little more. With the sample intervals known,
// the samples of ``Parameters/learningInterval`` (a tenth of a second) are averaged into one learning
// step, which counts as the steps of rotation it holds: the fit's weights, its forgetting and every
// count of steps (the fits' schedule, a disturbance's length) mean what they meant per step, at a
// tenth of the work while the device turns fast.
extension MagnetometerCalibrator {
  /// How many steps of rotation (each at least ``Parameters/stepAngle`` and
  /// ``Parameters/samplesPerStep`` samples) a learning step of `samples` samples over `duration`
  /// seconds holds, from the angle turned since the last one (``stepCosineTurned``); at least 1, and
  /// 1 while the sample intervals are unknown (every step is then learned from on its own).
  /// The part of a step left over from the learning steps so far is carried to the next
  /// (``stepRemainder``), so that the counts add up to the steps turned.
  @inline(__always)
  mutating func learningSteps(samples: Int, duration: Double) -> Int {
    guard duration > 0, parameters.learningInterval > 0, samples >= 2 * parameters.samplesPerStep
    else { return 1 }
    // |q·p| = cos(θ / 2).
    let degrees = 360 / Double.pi * acos(min(1, stepCosineTurned))
    let byAngle = parameters.stepAngle > 0 ? degrees / parameters.stepAngle : .infinity
    let bySamples = Double(samples) / Double(max(parameters.samplesPerStep, 1))
    let steps = min(byAngle, bySamples) + stepRemainder
    guard steps.isFinite, steps >= 1 else {
      stepRemainder = 0
      return 1
    }
    let whole = min(steps.rounded(.down), Double(samples))
    stepRemainder = min(steps - whole, 1)
    return Int(whole)
  }

  /// Adds a sample's orientation to the block's sum, signed as the block's first (`q` and −`q` are
  /// one orientation): the sum's direction is the block's mean orientation, where its mean field was
  /// seen, also when the turn speeds up or slows down within the block.
  @inline(__always)
  mutating func accumulateOrientation(_ q: Quaternion) {
    let start = blockStart
    let v = SIMD4(q.w, q.x, q.y, q.z)
    let sign: Double = (start.w * q.w + start.x * q.x + start.y * q.y + start.z * q.z) < 0 ? -1 : 1
    blockOrientation += sign * v
  }
}
