/// The parts of a channel's sysfs prefix, `<dir>_<type>[index][_<modifier>]`, as the kernel
/// builds them in `__iio_device_attr_init`.
struct ChannelName: Hashable {
  var direction: IIOChannelDirection
  var type: IIOChannelType
  var index: Int?
  var modifier: String?

  /// Parses a prefix such as `in_accel_x`, `in_temp0`, `in_rot_quaternion` or
  /// `in_voltage0-voltage1`; nil when it does not start with `in_`/`out_` and a type.
  static func parse(_ prefix: String) -> ChannelName? {
    let direction: IIOChannelDirection
    var rest: Substring
    if prefix.hasPrefix("in_") {
      direction = .input
      rest = prefix.dropFirst(3)
    } else if prefix.hasPrefix("out_") {
      direction = .output
      rest = prefix.dropFirst(4)
    } else {
      return nil
    }
    // Every kernel type name (include/uapi/linux/iio/types.h) is lowercase letters only, so the
    // letters up to the first digit, `_` or `-` are the type, known or not.
    let typeName = String(rest.prefix { $0.isASCII && $0.isLetter })
    guard !typeName.isEmpty else { return nil }
    rest = rest.dropFirst(typeName.count)
    let digits = rest.prefix { $0.isASCII && $0.isNumber }
    let index = digits.isEmpty ? nil : Int(digits)
    rest = rest.dropFirst(digits.count)
    // Differential channels (`in_voltage0-voltage1`): the second half is part of the identity,
    // not a modifier.
    if rest.hasPrefix("-") { rest = rest.drop { $0 != "_" } }
    var modifier: String?
    if rest.hasPrefix("_") {
      modifier = String(rest.dropFirst())
    } else if !rest.isEmpty {
      return nil
    }
    return ChannelName(
      direction: direction, type: IIOChannelType(rawValue: typeName), index: index,
      modifier: modifier)
  }

  /// The direction prefix the kernel uses, `in` or `out`.
  var directionPrefix: String { direction == .input ? "in" : "out" }
}
