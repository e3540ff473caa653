import ComposableMotion
import Foundation

/// Number formatting shared by the terminal views and plain lines: fixed decimals, signs
/// aligned, and a dash for absent values.
enum Format {
  /// `value` with `decimals` digits after the point and a leading sign, or "—" when absent.
  static func signed(_ value: Double?, _ decimals: Int = 3) -> String {
    guard let value, value.isFinite else { return "—" }
    return String(format: "%+.\(decimals)f", value)
  }

  /// `value` with `decimals` digits after the point, or "—" when absent.
  static func fixed(_ value: Double?, _ decimals: Int = 1) -> String {
    guard let value, value.isFinite else { return "—" }
    return String(format: "%.\(decimals)f", value)
  }

  /// `value` with `decimals` digits and its unit ("3.5 m", "90.0°"), or "—" alone when absent.
  static func measured(_ value: Double?, _ decimals: Int, _ unit: String) -> String {
    guard let value, value.isFinite else { return "—" }
    return fixed(value, decimals) + (unit.hasPrefix("°") ? unit : " " + unit)
  }

  /// Radians as degrees with one decimal and a sign, or "—" when absent.
  static func degrees(radians: Double?) -> String {
    signed(radians.map { $0 * 180 / .pi }, 1)
  }

  /// A vector as `(x, y, z)` with signed fixed decimals.
  static func vector(_ x: Double, _ y: Double, _ z: Double, _ decimals: Int = 3) -> String {
    "(\(signed(x, decimals)), \(signed(y, decimals)), \(signed(z, decimals)))"
  }

  /// An acceleration in g as `(x, y, z) g`.
  static func acceleration(_ a: Acceleration) -> String {
    vector(a.x, a.y, a.z) + " g"
  }

  /// A latitude or longitude in degrees with a hemisphere letter, e.g. `27.210912° S`.
  static func coordinate(_ degrees: Double, positive: String, negative: String) -> String {
    String(format: "%.6f° ", abs(degrees)) + (degrees < 0 ? negative : positive)
  }
}
