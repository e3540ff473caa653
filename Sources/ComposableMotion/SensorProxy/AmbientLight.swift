/// One ambient light reading from iio-sensor-proxy (`LightLevel`, `LightLevelUnit`).
public struct AmbientLight: Hashable, Sendable {
  /// The unit the sensor reports in.
  public enum Unit: String, Hashable, Sendable {
    /// Lux: a calibrated illuminance.
    case lux
    /// A vendor-specific scale, only comparable with itself (some laptops' sensors).
    case vendor
  }

  /// The light level, in ``unit``.
  public var level: Double
  /// The unit of ``level``.
  public var unit: Unit

  /// Creates a reading.
  public init(level: Double, unit: Unit) {
    self.level = level
    self.unit = unit
  }
}
