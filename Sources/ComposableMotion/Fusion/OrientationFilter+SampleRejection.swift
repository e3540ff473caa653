extension OrientationFilter {
  /// Why the filter did not use a sample. Rejected samples leave the orientation, bias and magnetic state
  /// unchanged, so no input, however absurd, can make the state non-finite.
  public enum SampleRejection: Sendable, Hashable, Codable {
    /// The sensor a rejection concerns.
    public enum Sensor: String, Sendable, Hashable, Codable, CaseIterable {
      /// The gyroscope (rad/s).
      case gyroscope
      /// The accelerometer (m/s²).
      case accelerometer
      /// The magnetometer (µT).
      case magnetometer
    }

    /// A value or the timestamp is NaN or infinite.
    case notFinite(Sensor)
    /// A component is larger in magnitude than the sensor's limit in ``Parameters`` (for example
    /// ``Parameters/maximumRotationRate``): no real sensor reads it, and squaring it could overflow.
    case outOfRange(Sensor)
    /// The timestamp is not after the sensor's previous accepted sample.
    case timestampNotIncreasing(Sensor)
    /// The time since the sensor's previous sample exceeds ``Parameters/maximumSampleInterval``. The
    /// sample's values are not used, but the sensor's clock restarts at its timestamp, so the samples
    /// after a pause are used again.
    case timeGap(Sensor)

    /// The sensor concerned.
    public var sensor: Sensor {
      switch self {
      case .notFinite(let sensor), .outOfRange(let sensor), .timestampNotIncreasing(let sensor),
        .timeGap(let sensor):
        return sensor
      }
    }
  }
}

extension OrientationFilter.SampleRejection: CustomStringConvertible {
  /// A one-line reason, such as "gyroscope value out of range".
  public var description: String {
    switch self {
    case .notFinite(let sensor): return "\(sensor.rawValue) value or timestamp not finite"
    case .outOfRange(let sensor): return "\(sensor.rawValue) value out of range"
    case .timestampNotIncreasing(let sensor):
      return "\(sensor.rawValue) timestamp not after the previous sample's"
    case .timeGap(let sensor): return "\(sensor.rawValue) time gap too long (clock restarted)"
    }
  }
}
