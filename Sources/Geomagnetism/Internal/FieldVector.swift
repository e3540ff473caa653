#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// A field vector in a local frame: north, east and down, in nT (or nT per year for a rate).
struct FieldVector: Sendable, Equatable {
  var north: Double
  var east: Double
  var down: Double

  static let zero = FieldVector(north: 0, east: 0, down: 0)

  /// The vector turned about the east axis by `angle` radians: from geocentric to geodetic axes
  /// when `angle` is the geodetic minus the geocentric latitude.
  func rotatedToGeodetic(by angle: Double) -> FieldVector {
    let (c, s) = (cos(angle), sin(angle))
    return FieldVector(north: north * c + down * s, east: east, down: -north * s + down * c)
  }
}
