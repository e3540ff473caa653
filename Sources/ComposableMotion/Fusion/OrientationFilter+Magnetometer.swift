#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

// Heading correction from the magnetometer, with disturbance detection and rejection.
extension OrientationFilter {
  @inline(__always)
  mutating func correctHeading(
    _ magnetometer: SIMD3<Double>, orientation6D: Quaternion, interval: Double
  ) {
    let earth = orientation6D.rotate(magnetometer)
    magnetic.sampleCount += 1
    if parameters.rejectsMagneticDisturbances {
      detectDisturbance(earth: earth, interval: interval)
    }
    var gain = magnetometerClock.coefficients.magneticGain
    if parameters.rejectsMagneticDisturbances {
      if magnetic.disturbanceDetected {
        if magnetic.rejectionTime <= parameters.magneticMaximumRejectionTime {
          magnetic.rejectionTime += interval
          gain = 0
        } else {
          // A "disturbance" this long is more likely a new normal: correct, but slowly.
          gain /= parameters.magneticRejectionFactor
        }
      } else {
        magnetic.rejectionTime = max(
          magnetic.rejectionTime - parameters.magneticRejectionFactor * interval, 0)
      }
    }
    if magnetic.initialGain != 0 {
      gain = max(gain, magnetic.initialGain)
      magnetic.initialGain = magnetic.initialGain / (magnetic.initialGain + 1)
      if magnetic.initialGain * parameters.magnetometerTau < interval { magnetic.initialGain = 0 }
    }
    // A rejected sample turns nothing (the step below would be 0 × a finite angle): skip its atan2.
    guard gain != 0 else {
      headingError.hold(interval: interval)
      return
    }
    // Horizontal direction of the field, clockwise from the frame's y axis, against the current offset.
    let disagreement = wrapAngle(atan2(earth.x, earth.y) - headingOffset)
    headingError.add(disagreement, interval: interval)
    let step = gain * disagreement
    guard step != 0 else { return }
    headingOffset = wrapAngle(headingOffset + step)
    turnHeadingQuaternion(by: step)
  }

  /// Lets the heading converge afresh, as after the first sample, with the reference field the
  /// magnetometer calibration learned (strength in µT, dip in degrees): the calibration has just changed
  /// the field noticeably, so what was learned from the old one is void.
  mutating func restartHeadingCorrection(strength: Double, dip: Double) {
    let sampleCount = magnetic.sampleCount
    magnetic = MagneticState()
    magnetic.sampleCount = sampleCount
    magnetic.referenceNorm = strength
    magnetic.referenceDip = dip * Double.pi / 180
    magnetic.candidateNorm = magnetic.referenceNorm
    magnetic.candidateDip = magnetic.referenceDip
    magnetic.disturbanceDetected = false
    magnetic.undisturbedTime = parameters.magneticMinimumUndisturbedTime
    // Start from the heading the calibration was fitted with: it rests on every step of the fit, so
    // the samples that follow refine it as if they came after that many.
    if let fitted = magnetometerCalibrator?.fittedHeading, fitted.weight >= 1 {
      let step = wrapAngle(fitted.angle - headingOffset)
      headingOffset = wrapAngle(headingOffset + step)
      turnHeadingQuaternion(by: step)
      magnetic.initialGain = 1 / (fitted.weight + 1)
    }
  }

  /// Rotates the cached (cos, sin) of half the heading offset by `angle` radians.
  @inline(__always)
  private mutating func turnHeadingQuaternion(by angle: Double) {
    let half = angle / 2
    let h2 = half * half
    let c: Double
    let s: Double
    if h2 < 0.0025 {
      c = 1 - h2 / 2 * (1 - h2 / 12 * (1 - h2 / 30))
      s = half * (1 - h2 / 6 * (1 - h2 / 20 * (1 - h2 / 42)))
    } else {
      c = cos(half)
      s = sin(half)
    }
    let newCos = headingHalfCos * c - headingHalfSin * s
    let newSin = headingHalfSin * c + headingHalfCos * s
    let norm = (newCos * newCos + newSin * newSin).squareRoot()
    // One packed division (the same IEEE division per lane, so the same bits).
    let unit = SIMD2(newCos, newSin) / SIMD2(repeating: norm)
    headingHalfCos = unit.x
    headingHalfSin = unit.y
  }

  @inline(__always)
  private mutating func detectDisturbance(earth: SIMD3<Double>, interval: Double) {
    let norm = dot(earth, earth).squareRoot()
    guard norm > 0 else { return }
    let current = magnetic.currentLowPass.step(
      SIMD2(norm, -asin(max(-1, min(1, earth.z / norm)))), tau: parameters.magneticCurrentTau,
      interval: interval, coefficients: magnetometerClock.coefficients.magneticCurrent)
    let dipThreshold = derived.magneticDipThreshold
    let referenceGain = magnetometerClock.coefficients.magneticReferenceGain

    if abs(current.x - magnetic.referenceNorm) < parameters.magneticNormThreshold
      * magnetic.referenceNorm
      && abs(current.y - magnetic.referenceDip) < dipThreshold
    {
      magnetic.undisturbedTime += interval
      if magnetic.undisturbedTime >= parameters.magneticMinimumUndisturbedTime {
        magnetic.disturbanceDetected = false
        magnetic.referenceNorm += referenceGain * (current.x - magnetic.referenceNorm)
        magnetic.referenceDip += referenceGain * (current.y - magnetic.referenceDip)
      }
    } else {
      magnetic.undisturbedTime = 0
      magnetic.disturbanceDetected = true
    }

    // A field that stays homogeneous while the sensor turns is a new environment, not a disturbance.
    if abs(current.x - magnetic.candidateNorm) < parameters.magneticNormThreshold
      * magnetic.candidateNorm
      && abs(current.y - magnetic.candidateDip) < dipThreshold
    {
      if dot(restGyroscopeLast, restGyroscopeLast) >= derived.squaredNewFieldMinimumRotation {
        magnetic.candidateTime += interval
      }
      magnetic.candidateNorm += referenceGain * (current.x - magnetic.candidateNorm)
      magnetic.candidateDip += referenceGain * (current.y - magnetic.candidateDip)
      let firstField = magnetic.referenceNorm == 0
      if magnetic.disturbanceDetected
        && (magnetic.candidateTime >= parameters.magneticNewFieldTime
          || (firstField && magnetic.candidateTime >= parameters.magneticNewFirstFieldTime))
      {
        magnetic.referenceNorm = magnetic.candidateNorm
        magnetic.referenceDip = magnetic.candidateDip
        magnetic.disturbanceDetected = false
        magnetic.undisturbedTime = parameters.magneticMinimumUndisturbedTime
      }
    } else {
      magnetic.candidateTime = 0
      magnetic.candidateNorm = current.x
      magnetic.candidateDip = current.y
    }
  }
}

/// The same angle in −π…π, in radians.
@inline(__always)
func wrapAngle(_ angle: Double) -> Double {
  var a = angle
  if a > Double.pi { a -= 2 * Double.pi } else if a < -Double.pi { a += 2 * Double.pi }
  return a
}
