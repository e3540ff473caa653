#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

// The steps of OfflineOrientationSmoother after the bias: timing, the 6D orientations, disturbances.
extension OfflineOrientationSmoother {
  /// The time in s each accepted sample's rate is integrated over: since the previous accepted sample, or
  /// since a sample rejected for a time gap (the causal filter restarts its clock there); 0 for the first
  /// and for rejected samples.
  func sampleIntervals(
    _ samples: [IMURecording.Sample], rejections: [OrientationFilter.SampleRejection?]
  ) -> [Double] {
    var intervals = [Double](repeating: 0, count: samples.count)
    var last: Double?
    for (index, sample) in samples.enumerated() {
      switch rejections[index] {
      case nil:
        if let last { intervals[index] = sample.time - last }
        last = sample.time
      case .timeGap?:
        last = sample.time
      default:
        break
      }
    }
    return intervals
  }

  /// The mean interval between accepted samples in s, the rate the low-passes are designed for (0.01 s if
  /// there is no interval at all).
  func nominalInterval(_ intervals: [Double], accepted: [Bool]) -> Double {
    var sum = 0.0
    var count = 0
    for (interval, accepted) in zip(intervals, accepted) where accepted && interval > 0 {
      sum += interval
      count += 1
    }
    let mean = count > 0 ? sum / Double(count) : 0.01
    return mean.isFinite && mean > 0 ? mean : 0.01
  }

  /// Sensor → 6D frame: the rates less `bias` integrated, then turned so that the specific force,
  /// low-passed without lag in the integrated frame, points up.
  ///
  /// Each rate is integrated over the interval that ends at its sample, as in the causal filter (the
  /// convention that makes BROAD's gyroscope agree best with its other sensors: integrating the mean of
  /// the two rates at a step's ends instead raises the inclination error from 0.48° to 0.67°). Nothing else
  /// prefers a direction of time: each step subtracts the mean bias at its two ends, the integrated frame
  /// is the sensor frame at the middle accepted sample (half-way through the middle step for an even
  /// count), and the inclination corrections accumulate outwards from there. So the time-reversed recording
  /// (see ``OfflineOrientationSmoother``) gives the same orientations in reverse order.
  func inclinationCorrected(
    _ samples: [IMURecording.Sample], bias: [SIMD3<Double>], accepted: [Bool],
    intervals: [Double], nominalInterval: Double
  ) -> [Quaternion] {
    let acceptedIndices = samples.indices.filter { accepted[$0] }
    guard let firstAccepted = acceptedIndices.first else {
      return Array(repeating: .identity, count: samples.count)
    }
    let lower = acceptedIndices[(acceptedIndices.count - 1) / 2]
    let upper = acceptedIndices[acceptedIndices.count / 2]
    var integrated = [Quaternion](repeating: .identity, count: samples.count)
    var q = Quaternion.identity
    var previousBias = bias[firstAccepted]
    var middle = Quaternion.identity
    for index in samples.indices {
      if accepted[index] {
        if intervals[index] > 0 {
          let rate = (samples[index].gyroscope ?? .zero) - (previousBias + bias[index]) / 2
          if index == upper, lower != upper {
            // The integrated frame's origin: half-way through the step between the middle two samples.
            middle =
              (q * Quaternion.strapdownStep(rate, interval: intervals[index] / 2)).renormalized
          }
          q = (q * Quaternion.strapdownStep(rate, interval: intervals[index])).renormalized
        }
        previousBias = bias[index]
      }
      if index == lower, lower == upper { middle = q }
      integrated[index] = q
    }
    let origin = middle.conjugate
    for index in samples.indices { integrated[index] = (origin * integrated[index]).renormalized }

    let hasAccelerometer = samples.indices.map { index in
      accepted[index] && (samples[index].accelerometer ?? .zero) != .zero
    }
    var inertial = samples.indices.map { index in
      hasAccelerometer[index]
        ? integrated[index].rotate((samples[index].accelerometer ?? .zero)) : .zero
    }
    ZeroPhaseLowPass.filter(
      &inertial, valid: hasAccelerometer,
      coefficients: LowPassCoefficients(
        tau: parameters.filter.accelerometerTau, interval: nominalInterval))
    var result = integrated
    let start = leveled(.identity, by: inertial[lower] + inertial[upper])
    var correction = start
    for index in lower...upper { result[index] = (start * integrated[index]).renormalized }
    for index in (upper + 1)..<samples.count {
      if hasAccelerometer[index] { correction = leveled(correction, by: inertial[index]) }
      result[index] = (correction * integrated[index]).renormalized
    }
    correction = start
    for index in stride(from: lower - 1, through: 0, by: -1) {
      if hasAccelerometer[index] { correction = leveled(correction, by: inertial[index]) }
      result[index] = (correction * integrated[index]).renormalized
    }
    return result
  }

  /// Whether each field (µT, 6D frame; nil where there is none) is disturbed: its zero-phase low-passed
  /// norm or dip deviates from the recording's median beyond the causal filter's thresholds, or it lies
  /// within the undisturbed time of such a sample.
  func magneticDisturbances(
    _ fields: [SIMD3<Double>?], samples: [IMURecording.Sample], nominalInterval: Double
  ) -> [Bool] {
    let p = parameters.filter
    let valid = fields.map { $0 != nil }
    guard p.rejectsMagneticDisturbances, valid.contains(true) else {
      return Array(repeating: false, count: fields.count)
    }
    var normDip = fields.map { field -> SIMD2<Double> in
      guard let field, let direction = field.unitDirection else { return .zero }
      // Components are at most 1e4 µT (larger samples are rejected), so the squares cannot overflow.
      return SIMD2((field * field).sum().squareRoot(), -asin(max(-1, min(1, direction.z))))
    }
    ZeroPhaseLowPass.filter(
      &normDip, valid: valid,
      coefficients: LowPassCoefficients(tau: p.magneticCurrentTau, interval: nominalInterval))
    let present = zip(normDip, valid).compactMap { value, valid in valid ? value : nil }
    let referenceNorm = median(present.map(\.x))
    let referenceDip = median(present.map(\.y))
    let dipThreshold = p.magneticDipThreshold * Double.pi / 180
    var disturbed = zip(normDip, valid).map { value, valid in
      valid
        && !(abs(value.x - referenceNorm) < p.magneticNormThreshold * referenceNorm
          && abs(value.y - referenceDip) < dipThreshold)
    }
    // Widen each disturbed stretch by the margin on both sides (two linear sweeps).
    let margin = p.magneticMinimumUndisturbedTime
    guard margin > 0 else { return disturbed }
    let core = disturbed
    var lastDisturbed = -Double.infinity
    for index in samples.indices {
      if core[index] { lastDisturbed = samples[index].time }
      if samples[index].time - lastDisturbed <= margin { disturbed[index] = true }
    }
    var nextDisturbed = Double.infinity
    for index in samples.indices.reversed() {
      if core[index] { nextDisturbed = samples[index].time }
      if nextDisturbed - samples[index].time <= margin { disturbed[index] = true }
    }
    return disturbed
  }
}

/// `correction` turned by the smallest rotation (about a horizontal axis) that makes `specificForce`
/// (integrated frame) point up once corrected; unchanged if the force has no direction.
private func leveled(_ correction: Quaternion, by specificForce: SIMD3<Double>) -> Quaternion {
  guard let up = correction.rotate(specificForce).unitDirection else { return correction }
  return (Quaternion.leveling(up) * correction).renormalized
}

/// The median of non-empty finite values (the mean of the middle two for an even count); 0 if empty.
private func median(_ values: [Double]) -> Double {
  guard !values.isEmpty else { return 0 }
  let sorted = values.sorted()
  let middle = sorted.count / 2
  return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}
