extension StringProtocol {
  /// The text without leading and trailing spaces, tabs, carriage returns and line feeds: sysfs
  /// attributes end in a newline, and hand-written trees sometimes add spaces.
  func trimmingASCIIWhitespace() -> String {
    let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" }
    guard let first = firstIndex(where: { !isSpace($0) }),
      let last = lastIndex(where: { !isSpace($0) })
    else { return "" }
    return String(self[first...last])
  }
}

enum AttributeValue {
  /// Parses a number attribute (`_raw`, `_scale`, `_offset`, `sampling_frequency`…).
  ///
  /// Integers are parsed exactly first so 64-bit raw values keep every bit; IIO fixed-point
  /// values such as `0.000598205` parse as `Double`.
  static func number(_ text: String, path: String) throws(IIOError) -> Double {
    let trimmed = text.trimmingASCIIWhitespace()
    if let integer = Int64(trimmed) { return Double(integer) }
    guard let value = Double(trimmed), value.isFinite else {
      throw .malformedAttribute(path: path, value: trimmed, expected: "a decimal number")
    }
    return value
  }

  /// Parses a whitespace-separated list of numbers, as multi-value channels such as
  /// `in_rot_quaternion_raw` print them.
  static func numbers(_ text: String, path: String) throws(IIOError) -> [Double] {
    let fields = text.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" })
    var values: [Double] = []
    for field in fields { values.append(try number(String(field), path: path)) }
    guard !values.isEmpty else {
      throw .malformedAttribute(path: path, value: text, expected: "one or more decimal numbers")
    }
    return values
  }

  /// Parses a small non-negative integer attribute (`_index`, `_en`, `buffer/length`).
  static func integer(_ text: String, path: String) throws(IIOError) -> Int {
    let trimmed = text.trimmingASCIIWhitespace()
    guard let value = Int(trimmed), value >= 0 else {
      throw .malformedAttribute(path: path, value: trimmed, expected: "a non-negative integer")
    }
    return value
  }
}
