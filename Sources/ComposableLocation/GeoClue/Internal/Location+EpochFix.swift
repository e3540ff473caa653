/// GeoClue announces one fix several times: its NMEA source sends a `LocationUpdated` for the
/// `GGA` sentence (altitude, an accuracy from HDOP, a speed and heading GeoClue derives from the
/// previous position) and again for the `RMC` of the same time (the receiver's own speed and
/// course), both with that time as `Timestamp`. They are merged into one location as gpsd's
/// TPVs are (``EpochMerger``): what the later carries replaces, what it lacks is kept.
extension Location: EpochFix {
  /// The same timestamp from the same source; a location without a timestamp is an epoch of
  /// its own.
  func continuesEpoch(of held: Location) -> Bool {
    timestamp != nil && timestamp == held.timestamp && device == held.device
  }

  static func merge(_ earlier: Location, _ later: Location) -> Location {
    var merged = later
    merged.altitude = later.altitude ?? earlier.altitude
    merged.ellipsoidalAltitude = later.ellipsoidalAltitude ?? earlier.ellipsoidalAltitude
    merged.horizontalAccuracy = later.horizontalAccuracy ?? earlier.horizontalAccuracy
    merged.verticalAccuracy = later.verticalAccuracy ?? earlier.verticalAccuracy
    merged.speed = later.speed ?? earlier.speed
    merged.speedAccuracy = later.speedAccuracy ?? earlier.speedAccuracy
    merged.course = later.course ?? earlier.course
    merged.courseAccuracy = later.courseAccuracy ?? earlier.courseAccuracy
    merged.climb = later.climb ?? earlier.climb
    merged.magneticVariation = later.magneticVariation ?? earlier.magneticVariation
    merged.geoidSeparation = later.geoidSeparation ?? earlier.geoidSeparation
    // The solution only rises within an epoch: an altitude kept from the earlier report keeps
    // its 3D fix.
    if rank(later.fix) < rank(earlier.fix) { merged.fix = earlier.fix }
    return merged
  }

  /// Orders the plain solutions (none < 2D < 3D); augmented ones rank above them all.
  private static func rank(_ fix: FixKind) -> Int {
    switch fix {
    case .none: 0
    case .twoDimensional: 1
    case .threeDimensional: 2
    default: 3
    }
  }
}
