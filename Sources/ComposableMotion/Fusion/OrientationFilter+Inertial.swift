#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

// Gyroscope strapdown integration, rest detection, inclination correction and bias estimation.
extension OrientationFilter {
  // In both steps below the orientation update comes first and rest detection after it: they are
  // independent, and the orientation is on the path each sample waits for (the next bias, the next
  // inclination), so starting it first lets the processor do the rest detection meanwhile.
  @inline(__always)
  mutating func integrateGyroscope(_ gyroscope: SIMD3<Double>, interval: Double) {
    if interval > 0 {
      let step = Quaternion.strapdownStep(gyroscope - bias, interval: interval)
      gyroscopeQuaternion = (gyroscopeQuaternion * step).renormalized
    }
    if parameters.estimatesBiasAtRest || parameters.rejectsMagneticDisturbances {
      // Rest detection, gyroscope half: the rate must stay close to its own low-pass, and that low-pass
      // within the bias range (a slow steady turn is not rest).
      restGyroscopeLast = restGyroscopeLowPass.step(
        gyroscope, tau: parameters.restFilterTau, interval: interval,
        coefficients: gyroscopeClock.coefficients.rest)
      let deviation = gyroscope - restGyroscopeLast
      let clip = derived.biasClip
      if dot(deviation, deviation) >= derived.squaredRestGyroscopeThreshold
        || max(abs(restGyroscopeLast.x), abs(restGyroscopeLast.y), abs(restGyroscopeLast.z)) > clip
      {
        restTime = 0
        restDetectedFlag = false
      }
    }
  }

  @inline(__always)
  /// Applies the inclination correction; returns the disagreement (the normalized filtered acceleration in
  /// the 6D frame before the correction) for bias estimation, or nil if there was nothing to correct.
  mutating func correctInclination(_ accelerometer: SIMD3<Double>, interval: Double) -> SIMD3<
    Double
  >? {
    // Low-pass in the almost-inertial gyroscope frame: there linear accelerations average out while
    // gravity stays put, so a long time constant costs no lag in the inclination.
    let inertial = gyroscopeQuaternion.rotate(accelerometer)
    let filtered = accelerometerLowPass.step(
      inertial, tau: parameters.accelerometerTau, interval: interval,
      coefficients: accelerometerClock.coefficients.accelerometer)
    // A specific force too small to have a direction (free fall, or denormal noise) corrects
    // nothing; its length is never computed from squares that underflow.
    let earth = accelerometerQuaternion.rotate(filtered).unitDirection
    if let earth {
      // The smallest rotation (about a horizontal axis) that makes `earth` vertical.
      accelerometerQuaternion = (Quaternion.leveling(earth) * accelerometerQuaternion).renormalized
    }
    if parameters.estimatesBiasAtRest {
      let lowPass = restAccelerometerLowPass.step(
        accelerometer, tau: parameters.restFilterTau, interval: interval,
        coefficients: accelerometerClock.coefficients.rest)
      let deviation = accelerometer - lowPass
      if dot(deviation, deviation) >= derived.squaredRestAccelerometerThreshold {
        restTime = 0
        restDetectedFlag = false
      } else {
        restTime += interval
        if restTime >= parameters.restMinimumDuration { restDetectedFlag = true }
      }
    }
    return earth
  }

  /// One Kalman step of the gyroscope bias: at rest the low-passed rate measures it directly; in motion the
  /// inclination correction rate measures its horizontal part in the 6D frame.
  @inline(__always)
  mutating func updateBias(
    disagreement earth: SIMD3<Double>, orientation6D: Quaternion, interval: Double
  ) {
    let tau = parameters.accelerometerTau
    let coefficients = accelerometerClock.coefficients
    let c = coefficients.accelerometer
    let instant = Matrix3(rotation: orientation6D)
    let instantBias = SIMD2((instant.r0 * bias).sum(), (instant.r1 * bias).sum())
    let rotation = Matrix3(
      r0: rotationLowPass.0.step(instant.r0, tau: tau, interval: interval, coefficients: c),
      r1: rotationLowPass.1.step(instant.r1, tau: tau, interval: interval, coefficients: c),
      r2: rotationLowPass.2.step(instant.r2, tau: tau, interval: interval, coefficients: c))
    let rotatedBias = rotatedBiasLowPass.step(
      instantBias, tau: tau, interval: interval, coefficients: c)

    // Prediction: uncertainty grows back towards its initial value while nothing is learned.
    let initialVariance = derived.initialBiasVariance
    if biasCovariance.r0.x < initialVariance {
      biasCovariance.r0.x += coefficients.biasProcessNoise
    }
    if biasCovariance.r1.y < initialVariance {
      biasCovariance.r1.y += coefficients.biasProcessNoise
    }
    if biasCovariance.r2.z < initialVariance {
      biasCovariance.r2.z += coefficients.biasProcessNoise
    }

    if restDetectedFlag && parameters.estimatesBiasAtRest {
      // At rest the low-passed rate measures the bias directly: H = I. Then P·Hᵀ and H·(P·Hᵀ) are P
      // itself, bit for bit, so they are not formed: each of their entries is P's entry plus products
      // with 0, and adding a zero changes nothing except a −0, which P never holds (it starts with +0
      // off the diagonal, its diagonal is positive, and x − y is −0 only when x is −0).
      let noise = SIMD3(repeating: coefficients.biasRestNoise)
      correctBias(
        error: restGyroscopeLast - bias, covarianceTimesH: biasCovariance,
        innovation: biasCovariance + .diagonal(noise))
    } else if parameters.estimatesBiasInMotion {
      // The correction angle per step over the filters' step, the rate the correction applies.
      let step = coefficients.interval
      let error = SIMD3(
        -earth.y / step + rotatedBias.x - dot(rotation.r0, bias),
        earth.x / step + rotatedBias.y - dot(rotation.r1, bias),
        -dot(rotation.r2, bias))
      let noise = SIMD3(
        coefficients.biasMotionNoise, coefficients.biasMotionNoise, coefficients.biasVerticalNoise)
      let pht = biasCovariance.timesTransposed(rotation)
      correctBias(
        error: error, covarianceTimesH: pht, innovation: rotation * pht + .diagonal(noise))
    }
  }

  /// The Kalman correction of the bias by a measurement with residual `error` (rad/s), given P·Hᵀ and the
  /// innovation covariance H·P·Hᵀ + R.
  @inline(__always)
  private mutating func correctBias(
    error: SIMD3<Double>, covarianceTimesH pht: Matrix3, innovation: Matrix3
  ) {
    guard let innovationInverse = innovation.inverse else { return }
    let clip = derived.biasClip
    let gain = pht * innovationInverse
    bias += gain * clamp(error, clip)
    // H·P = (P·Hᵀ)ᵀ because the covariance is symmetric.
    biasCovariance = biasCovariance - gain * pht.transposed
    bias = clamp(bias, clip)
  }
}

/// Each component limited to −limit…limit.
@inline(__always)
private func clamp(_ v: SIMD3<Double>, _ limit: Double) -> SIMD3<Double> {
  SIMD3(min(max(v.x, -limit), limit), min(max(v.y, -limit), limit), min(max(v.z, -limit), limit))
}
