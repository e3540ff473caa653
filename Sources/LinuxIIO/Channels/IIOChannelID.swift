/// Identifies a channel of one device by its sysfs prefix, for example `in_accel_x` or
/// `in_temp0`: the attribute names of the channel are this prefix followed by `_raw`, `_scale`…
public struct IIOChannelID: RawRepresentable, Hashable, Sendable, Comparable,
  CustomStringConvertible,
  ExpressibleByStringLiteral
{
  /// The sysfs prefix, for example `in_accel_x`.
  public var rawValue: String

  /// Creates an identifier from a sysfs prefix.
  public init(rawValue: String) { self.rawValue = rawValue }

  /// Creates an identifier from a literal sysfs prefix, for example `"in_anglvel_z"`.
  public init(stringLiteral value: String) { self.rawValue = value }

  /// The sysfs prefix.
  public var description: String { rawValue }

  /// Orders identifiers by their prefix text.
  public static func < (lhs: IIOChannelID, rhs: IIOChannelID) -> Bool {
    lhs.rawValue < rhs.rawValue
  }
}
