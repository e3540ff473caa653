import Foundation

/// One JSON object written on one line, with its keys in the order they were added, for the
/// `--json` output of every command (`{"event":"location","latitude":52.5,…}`).
///
/// Absent values are left out rather than written as `null`, and numbers that are not finite
/// are left out too, because JSON cannot carry them.
struct JSONLine: Sendable, Equatable, CustomStringConvertible {
  private var members: [String] = []

  /// Starts an object whose first member is `"event": event`.
  init(event: String) {
    add("event", event)
  }

  /// Adds a string member, unless `value` is `nil`.
  mutating func add(_ key: String, _ value: String?) {
    guard let value else { return }
    members.append("\(Self.quote(key)):\(Self.quote(value))")
  }

  /// Adds a number member, unless `value` is `nil` or not finite.
  mutating func add(_ key: String, _ value: Double?) {
    guard let value, value.isFinite else { return }
    members.append("\(Self.quote(key)):\(Self.number(value))")
  }

  /// Adds an integer member, unless `value` is `nil`.
  mutating func add(_ key: String, _ value: Int?) {
    guard let value else { return }
    members.append("\(Self.quote(key)):\(value)")
  }

  /// Adds an array of numbers, e.g. a vector `[x, y, z]`; left out entirely when an entry is not
  /// finite, since JSON cannot carry it and a partial vector would mislead.
  mutating func add(_ key: String, _ values: [Double]) {
    guard values.allSatisfy(\.isFinite) else { return }
    members.append("\(Self.quote(key)):[" + values.map(Self.number).joined(separator: ",") + "]")
  }

  /// Adds a boolean member.
  mutating func add(_ key: String, _ value: Bool) {
    members.append("\(Self.quote(key)):\(value)")
  }

  /// The object as one line of JSON text, without a line end.
  var description: String { "{" + members.joined(separator: ",") + "}" }

  /// A finite number in the shortest form that reads back as the same `Double`.
  static func number(_ value: Double) -> String {
    if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
    return "\(value)"
  }

  /// A JSON string literal: quotes, backslashes and control characters escaped.
  static func quote(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case "\n": result += "\\n"
      case "\r": result += "\\r"
      case "\t": result += "\\t"
      case let control where control.value < 0x20:
        result += String(format: "\\u%04x", control.value)
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result + "\""
  }
}

extension JSONLine {
  /// `{"event":"error","message":…}`.
  static func error(_ message: String) -> JSONLine {
    var line = JSONLine(event: "error")
    line.add("message", message)
    return line
  }
}
