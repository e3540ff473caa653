/// A forward-only JSON scanner over one line of bytes, made for gpsd's flat objects.
///
/// It never allocates on the success path for numbers, booleans, keys and skipped values, and never reads
/// outside `0..<count`. Every failure is a ``GPSDDecodingError`` naming the byte offset.
struct JSONScanner {
  let base: UnsafePointer<UInt8>
  let count: Int
  var position: Int = 0

  /// Nesting beyond this is refused rather than recursed into (hostile input defence).
  static let nestingLimit = 32

  init(base: UnsafePointer<UInt8>, count: Int) {
    self.base = base
    self.count = count
  }

  var isAtEnd: Bool { position >= count }

  @inline(__always)
  func byte(at index: Int) -> UInt8 { base[index] }

  @inline(__always)
  mutating func skipWhitespace() {
    while position < count {
      switch base[position] {
      // C's isspace(), as gpsd's json.c uses: RFC 8259's four plus form feed and vertical tab.
      case 0x20, 0x09...0x0D: position += 1
      default: return
      }
    }
  }

  /// The next non-whitespace byte, or a truncation error.
  @inline(__always)
  mutating func peek() throws(GPSDDecodingError) -> UInt8 {
    skipWhitespace()
    guard position < count else { throw .truncated(offset: position) }
    return base[position]
  }

  mutating func expect(_ expected: UInt8, _ reason: String) throws(GPSDDecodingError) {
    guard try peek() == expected else { throw .malformedJSON(offset: position, reason: reason) }
    position += 1
  }

  // MARK: Objects and arrays

  /// Consumes `{`.
  mutating func beginObject() throws(GPSDDecodingError) {
    guard try peek() == UInt8(ascii: "{") else {
      throw .invalidMember(class: "", member: "", offset: position, reason: "expected an object")
    }
    position += 1
  }

  /// Reads the next member's key and its `:`, or consumes the closing `}` and returns `nil`.
  /// `first` tracks whether a `,` is due.
  mutating func nextKey(first: inout Bool) throws(GPSDDecodingError) -> JSONKey? {
    var next = try peek()
    if next == UInt8(ascii: "}") {
      position += 1
      return nil
    }
    if !first {
      guard next == UInt8(ascii: ",") else {
        throw .malformedJSON(offset: position, reason: "expected ',' or '}' after a member")
      }
      position += 1
      next = try peek()
    }
    first = false
    guard next == UInt8(ascii: "\"") else {
      throw .malformedJSON(offset: position, reason: "expected a quoted member name")
    }
    let span = try scanString()
    try expect(UInt8(ascii: ":"), "expected ':' after a member name")
    return JSONKey(base: base + span.start, count: span.count, hasEscapes: span.hasEscapes)
  }

  /// Consumes `[`.
  mutating func beginArray() throws(GPSDDecodingError) {
    guard try peek() == UInt8(ascii: "[") else {
      throw .invalidMember(class: "", member: "", offset: position, reason: "expected an array")
    }
    position += 1
  }

  /// Whether another element follows (consuming its `,`), or consumes `]` and returns `false`.
  mutating func nextElement(first: inout Bool) throws(GPSDDecodingError) -> Bool {
    let next = try peek()
    if next == UInt8(ascii: "]") {
      position += 1
      return false
    }
    if !first {
      guard next == UInt8(ascii: ",") else {
        throw .malformedJSON(offset: position, reason: "expected ',' or ']' in an array")
      }
      position += 1
    }
    first = false
    return true
  }

  // MARK: Scalars

  /// Consumes `null` if it is next; JSON `null` is read as an absent value.
  @inline(__always)
  mutating func consumeNull() throws(GPSDDecodingError) -> Bool {
    guard try peek() == UInt8(ascii: "n") else { return false }
    try literal("null")
    return true
  }

  mutating func literal(_ word: StaticString) throws(GPSDDecodingError) {
    let length = word.utf8CodeUnitCount
    guard position + length <= count else { throw .truncated(offset: position) }
    let text = word.utf8Start
    for index in 0..<length where base[position + index] != text[index] {
      throw .malformedJSON(offset: position + index, reason: "unknown literal (expected \(word))")
    }
    position += length
  }

  /// A boolean, or `nil` for `null`.
  mutating func bool() throws(GPSDDecodingError) -> Bool? {
    switch try peek() {
    case UInt8(ascii: "t"):
      try literal("true")
      return true
    case UInt8(ascii: "f"):
      try literal("false")
      return false
    case UInt8(ascii: "n"):
      try literal("null")
      return nil
    default:
      throw .invalidMember(
        class: "", member: "", offset: position, reason: "expected true or false")
    }
  }

  /// A number, or `nil` for `null`.
  ///
  /// A magnitude beyond `Double` becomes ±infinity and a tiny one ±0, as gpsd's `safe_atof`
  /// gives (its test_json.c cases 33–37); callers that need a finite value check.
  mutating func number() throws(GPSDDecodingError) -> Double? {
    let next = try peek()
    if next == UInt8(ascii: "n") {
      try literal("null")
      return nil
    }
    guard next == UInt8(ascii: "-") || (next &- 0x30) < 10 else {
      throw .invalidMember(class: "", member: "", offset: position, reason: "expected a number")
    }
    return try NumberParser.parse(base: base, count: count, position: &position)
  }

  /// An integer (a number with no fractional part within ±2⁵³), or `nil` for `null`.
  mutating func integer() throws(GPSDDecodingError) -> Int64? {
    let start = position
    guard let value = try number() else { return nil }
    guard value == value.rounded(.towardZero), abs(value) <= 9_007_199_254_740_992 else {
      throw .invalidMember(class: "", member: "", offset: start, reason: "expected an integer")
    }
    return Int64(value)
  }

  /// An integer that fits `Int`, or `nil` for `null`.
  mutating func int() throws(GPSDDecodingError) -> Int? {
    guard let value = try integer() else { return nil }
    return Int(value)
  }

  /// A string, or `nil` for `null`.
  mutating func string() throws(GPSDDecodingError) -> String? {
    let next = try peek()
    if next == UInt8(ascii: "n") {
      try literal("null")
      return nil
    }
    guard next == UInt8(ascii: "\"") else {
      throw .invalidMember(class: "", member: "", offset: position, reason: "expected a string")
    }
    let span = try scanString()
    return JSONStrings.makeString(
      base: base + span.start, count: span.count, hasEscapes: span.hasEscapes)
  }

  /// The raw bytes of a string value (escapes not processed), or `nil` for `null`.
  mutating func stringSpan() throws(GPSDDecodingError) -> StringSpan? {
    let next = try peek()
    if next == UInt8(ascii: "n") {
      try literal("null")
      return nil
    }
    guard next == UInt8(ascii: "\"") else {
      throw .invalidMember(class: "", member: "", offset: position, reason: "expected a string")
    }
    return try scanString()
  }

  /// Scans a string starting at its opening quote, validating escapes and UTF-8; returns its body.
  mutating func scanString() throws(GPSDDecodingError) -> StringSpan {
    position += 1
    let start = position
    var hasEscapes = false
    while position < count {
      let byte = base[position]
      if byte == UInt8(ascii: "\"") {
        let span = StringSpan(start: start, count: position - start, hasEscapes: hasEscapes)
        position += 1
        return span
      } else if byte == UInt8(ascii: "\\") {
        hasEscapes = true
        position = try JSONStrings.validateEscape(base: base, count: count, at: position)
      } else if byte < 0x80 {
        // Raw control bytes are kept, as gpsd's json.c keeps them (test_json.c case 13).
        position += 1
      } else {
        position = try JSONStrings.validateUTF8(base: base, count: count, at: position)
      }
    }
    throw .truncated(offset: position)
  }

  /// Skips any JSON value, validating it, refusing nesting deeper than ``nestingLimit``.
  mutating func skipValue(depth: Int = 1) throws(GPSDDecodingError) {
    guard depth <= Self.nestingLimit else {
      throw .nestingTooDeep(offset: position, limit: Self.nestingLimit)
    }
    switch try peek() {
    case UInt8(ascii: "{"):
      position += 1
      var first = true
      while try nextKey(first: &first) != nil { try skipValue(depth: depth + 1) }
    case UInt8(ascii: "["):
      position += 1
      var first = true
      while try nextElement(first: &first) { try skipValue(depth: depth + 1) }
    case UInt8(ascii: "\""):
      _ = try scanString()
    case UInt8(ascii: "t"): try literal("true")
    case UInt8(ascii: "f"): try literal("false")
    case UInt8(ascii: "n"): try literal("null")
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
      _ = try NumberParser.parse(base: base, count: count, position: &position)
    default:
      throw .malformedJSON(offset: position, reason: "expected a JSON value")
    }
  }
}

/// The body of a string in the scanned line (between the quotes).
struct StringSpan {
  var start: Int
  var count: Int
  var hasEscapes: Bool
}

/// A member name, pointing into the scanned line.
struct JSONKey {
  var base: UnsafePointer<UInt8>
  var count: Int
  var hasEscapes: Bool
}
