#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Orientation for a whole recording at once, using every sample before and after each estimate: more
/// accurate than ``OrientationFilter``, which may only look back, when a recording is processed after
/// the fact (`imu-fuse --offline`).
///
/// The smoother works in four steps, each the acausal counterpart of a part of the causal filter:
///
/// 1. **Gyroscope bias from both directions.** The causal filter runs forwards, and again over the
///    time-reversed recording. At every sample the two bias estimates are combined weighted by their
///    information (inverse covariance): the two-filter smoother, so the bias is as well known at the start
///    as at the end.
/// 2. **Inclination without lag.** The rates, less that bias, are integrated; the accelerometer, turned
///    into this almost-inertial frame, is low-passed forwards and backwards (the causal filter's time
///    constant ``OrientationFilter/Parameters/accelerometerTau``, without its lag), and each orientation is
///    turned so that the low-passed specific force points up.
/// 3. **Magnetic disturbances from the whole recording.** The reference field is the median norm and dip
///    of the whole recording in the 6D frame, so it is known from the first sample and a recording that
///    never shows a "new field" while turning still gets one. Samples whose (zero-phase low-passed) norm
///    or dip deviate beyond the causal filter's thresholds, and a margin of
///    ``OrientationFilter/Parameters/magneticMinimumUndisturbedTime`` on both sides, are left out.
/// 4. **Heading by a Rauch–Tung–Striebel smoother.** The offset between the 6D frame and East-North-Up is
///    a random walk observed by the remaining magnetometer samples (``Parameters/headingTau``); across a
///    disturbance it is interpolated from both ends rather than held from the start.
///
/// The smoother prefers no direction of time: the time-reversed recording (order reversed, times and
/// rates negated, and each rate moved to the sample before it, because a rate covers the interval that
/// ends at its sample) gives the same orientations in reverse order, up to the first and last samples'
/// rates.
///
/// Memory and time are linear in the number of samples (a few hundred bytes each; two causal passes and
/// a few sweeps). Rejected samples (see ``OrientationFilter/SampleRejection``) are left out of every step,
/// so no finite or non-finite input makes an orientation non-finite.
///
/// ```swift
/// let recording = try IMURecording(contentsOf: "walk.csv")
/// let estimate = OfflineOrientationSmoother().smooth(recording.samples)
/// let attitude = estimate.orientations[100]  // sensor → ENU at the 101st sample
/// ```
public struct OfflineOrientationSmoother: Sendable {
  /// The tuning in use.
  public let parameters: Parameters

  /// Creates a smoother with the given tuning (the causal defaults and a 25 s heading time constant if
  /// omitted).
  public init(parameters: Parameters = Parameters()) {
    self.parameters = parameters
  }

  /// Estimates the orientation at every sample.
  ///
  /// - Parameters:
  ///   - samples: the recording in time order; units as in ``IMURecording/Sample`` (rad/s, m/s², µT, s).
  ///     An all-zero accelerometer or magnetometer value means "no sample" for that sensor.
  ///   - usesMagnetometer: `false` ignores the magnetometer: the orientations are 6D (z up, arbitrary
  ///     heading).
  /// - Returns: one estimate per sample, in the same order.
  public func smooth(_ samples: [IMURecording.Sample], usesMagnetometer: Bool = true)
    -> OfflineOrientationEstimate
  {
    let count = samples.count
    guard count > 0 else {
      return OfflineOrientationEstimate(
        orientations: [], orientations6D: [], gyroscopeBias: [], magneticallyDisturbed: [],
        rejections: [])
    }
    let (bias, rejections) = combinedBias(samples, usesMagnetometer: usesMagnetometer)
    let accepted = rejections.map { $0 == nil }
    let intervals = sampleIntervals(samples, rejections: rejections)
    let nominal = nominalInterval(intervals, accepted: accepted)

    let orientations6D = inclinationCorrected(
      samples, bias: bias, accepted: accepted, intervals: intervals, nominalInterval: nominal)

    let fields: [SIMD3<Double>?] = samples.indices.map { index in
      guard usesMagnetometer, accepted[index], let field = samples[index].magnetometer,
        field != .zero
      else { return nil }
      return orientations6D[index].rotate(field)
    }
    guard fields.contains(where: { $0 != nil }) else {
      return OfflineOrientationEstimate(
        orientations: orientations6D, orientations6D: orientations6D, gyroscopeBias: bias,
        magneticallyDisturbed: Array(repeating: true, count: count), rejections: rejections)
    }
    let disturbed = magneticDisturbances(fields, samples: samples, nominalInterval: nominal)
    let headings = fields.map { field in field.map { atan2($0.x, $0.y) } ?? 0 }
    var usable = zip(fields, disturbed).map { field, disturbed in field != nil && !disturbed }
    if !usable.contains(true) {
      // Disturbed throughout (relative to its own median): a disturbed heading beats an arbitrary one.
      usable = fields.map { $0 != nil }
    }
    let offsets = HeadingSmoother.smooth(
      measurements: headings, valid: usable, intervals: intervals, tau: parameters.headingTau,
      nominalInterval: nominal)
    let orientations = zip(orientations6D, offsets).map { sixD, offset in
      (Quaternion(w: cos(offset / 2), x: 0, y: 0, z: sin(offset / 2)) * sixD).renormalized
    }
    return OfflineOrientationEstimate(
      orientations: orientations, orientations6D: orientations6D, gyroscopeBias: bias,
      magneticallyDisturbed: zip(fields, usable).map { field, usable in field == nil || !usable },
      rejections: rejections)
  }

  /// The causal filter forwards and over the time-reversed recording; the bias at each sample combined
  /// by information (in rad/s), and the forward pass's rejections.
  func combinedBias(_ samples: [IMURecording.Sample], usesMagnetometer: Bool)
    -> ([SIMD3<Double>], [OrientationFilter.SampleRejection?])
  {
    let count = samples.count
    var forward = OrientationFilter(parameters: parameters.filter)
    var bias = [SIMD3<Double>](repeating: .zero, count: count)
    var information = [Matrix3](repeating: .identity, count: count)
    var rejections = [OrientationFilter.SampleRejection?](repeating: nil, count: count)
    for (index, sample) in samples.enumerated() {
      if !forward.update(
        gyroscope: (sample.gyroscope ?? .zero), accelerometer: (sample.accelerometer ?? .zero),
        magnetometer: usesMagnetometer ? sample.magnetometer : nil, timestamp: sample.time)
      {
        rejections[index] = forward.lastRejection
      }
      bias[index] = forward.bias
      information[index] = forward.biasCovariance.inverse ?? .identity
    }
    // Backwards: the time-reversed recording (reversed order, negated times so they increase, and each
    // rate negated and moved to the sample before it, since a rate belongs to the interval ending at its
    // sample); its bias is the negated one.
    var backward = OrientationFilter(parameters: parameters.filter)
    for index in stride(from: count - 1, through: 0, by: -1) {
      let sample = samples[index]
      backward.update(
        gyroscope: -(samples[min(index + 1, count - 1)].gyroscope ?? .zero),
        accelerometer: (sample.accelerometer ?? .zero),
        magnetometer: usesMagnetometer ? sample.magnetometer : nil, timestamp: -sample.time)
      guard let reverseInformation = backward.biasCovariance.inverse,
        let combined = (information[index] + reverseInformation).inverse
      else { continue }
      // The reversed pass sees negated rates, so its bias estimate is the negated bias.
      let fused =
        combined * (information[index] * bias[index] - reverseInformation * backward.bias)
      if fused.x.isFinite, fused.y.isFinite, fused.z.isFinite { bias[index] = fused }
    }
    return (bias, rejections)
  }
}
