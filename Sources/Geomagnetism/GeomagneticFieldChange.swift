/// How the elements of a ``GeomagneticField`` change per year (secular variation) at one place
/// and time, as the model predicts.
///
/// Angles in degrees per year, intensities and components in nT per year, in the same frame and
/// signs as ``GeomagneticField``. The declination's rate is undefined where the horizontal field
/// vanishes; it is 0 there rather than NaN.
public struct GeomagneticFieldChange: Sendable, Equatable, Hashable {
  /// Declination change, degrees per year.
  public var declination: Double
  /// Inclination change, degrees per year.
  public var inclination: Double
  /// Total intensity change, nT per year.
  public var totalIntensity: Double
  /// Horizontal intensity change, nT per year.
  public var horizontalIntensity: Double
  /// North component change, nT per year.
  public var north: Double
  /// East component change, nT per year.
  public var east: Double
  /// Down component change, nT per year.
  public var down: Double

  /// The rates of the elements of `field` whose components change by `north`, `east`, `down`
  /// nT per year (NOAA's `MAG_CalculateSecularVariationElements`).
  public init(of field: GeomagneticField, north: Double, east: Double, down: Double) {
    let (x, y, z) = (field.north, field.east, field.down)
    let h = field.horizontalIntensity
    let f = field.totalIntensity
    self.north = north
    self.east = east
    self.down = down
    let horizontalRate = h > 0 ? (x * north + y * east) / h : 0
    horizontalIntensity = horizontalRate
    totalIntensity = f > 0 ? (x * north + y * east + z * down) / f : 0
    declination = h > 0 ? Angle.degrees(radians: (x * east - y * north) / (h * h)) : 0
    inclination = f > 0 ? Angle.degrees(radians: (h * down - z * horizontalRate) / (f * f)) : 0
  }
}
