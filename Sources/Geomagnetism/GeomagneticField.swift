/// The Earth's main magnetic field at one place and time, as a geomagnetic model predicts it:
/// the seven elements NOAA's WMM software prints.
///
/// Angles are in degrees, intensities in nanotesla (1 µT = 1000 nT). Components are in the local
/// geodetic frame: north and east along the WGS84 ellipsoid's surface, down along its normal.
public struct GeomagneticField: Sendable, Equatable, Hashable {
  /// Declination (magnetic variation, D), degrees: the angle from true north to the horizontal
  /// field, positive when magnetic north lies east of true north.
  public var declination: Double
  /// Inclination (dip, I), degrees: the angle of the field below the horizontal, positive
  /// downward (northern hemisphere).
  public var inclination: Double
  /// Total intensity (F), nT.
  public var totalIntensity: Double
  /// Horizontal intensity (H), nT.
  public var horizontalIntensity: Double
  /// North component (X), nT.
  public var north: Double
  /// East component (Y), nT.
  public var east: Double
  /// Down component (Z), nT.
  public var down: Double

  /// A field from its components, nT; the angles and intensities follow from them.
  public init(north: Double, east: Double, down: Double) {
    let horizontal = (north * north + east * east).squareRoot()
    self.north = north
    self.east = east
    self.down = down
    horizontalIntensity = horizontal
    totalIntensity = (horizontal * horizontal + down * down).squareRoot()
    declination = Angle.degrees(atan2: (east, north))
    inclination = Angle.degrees(atan2: (down, horizontal))
  }
}
