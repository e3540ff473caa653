#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Degree and radian conversions used across the module.
enum Angle {
  static func degrees(radians: Double) -> Double { radians * 180 / Double.pi }
  static func radians(degrees: Double) -> Double { degrees * Double.pi / 180 }
  /// `atan2(y, x)` in degrees.
  static func degrees(atan2 pair: (y: Double, x: Double)) -> Double {
    degrees(radians: atan2(pair.y, pair.x))
  }
}
