/// Reads the `"class"` member and hands the rest of the object to the decoder for that class.
enum ReportDecoder {
  enum ReportClass: String, CaseIterable {
    case version = "VERSION"
    case devices = "DEVICES"
    case device = "DEVICE"
    case watch = "WATCH"
    case tpv = "TPV"
    case sky = "SKY"
    case gst = "GST"
    case att = "ATT"
    case toff = "TOFF"
    case pps = "PPS"
    case error = "ERROR"

    /// The class name for error messages, without reflection.
    var name: StaticString {
      switch self {
      case .version: "VERSION"
      case .devices: "DEVICES"
      case .device: "DEVICE"
      case .watch: "WATCH"
      case .tpv: "TPV"
      case .sky: "SKY"
      case .gst: "GST"
      case .att: "ATT"
      case .toff: "TOFF"
      case .pps: "PPS"
      case .error: "ERROR"
      }
    }
  }

  static let classes = MemberTable<ReportClass>()

  static func decode(_ scanner: inout JSONScanner) throws(GPSDDecodingError) -> GPSDReport {
    scanner.skipWhitespace()
    guard !scanner.isAtEnd else { throw .emptyLine }
    guard scanner.byte(at: scanner.position) == UInt8(ascii: "{") else {
      // Tell garbage from a well-formed non-object value.
      try scanner.skipValue()
      throw .missingClass
    }
    let objectStart = scanner.position
    scanner.position += 1
    var first = true
    // gpsd always sends "class" first; any other order costs one extra pass to find it.
    if let key = try scanner.nextKey(first: &first), isClassKey(key) {
      guard scanner.peekIsString, let span = try scanner.stringSpan() else { throw .missingClass }
      let report = try decodeBody(&scanner, classSpan: span, first: false)
      try finish(&scanner)
      return report
    }
    scanner.position = objectStart
    let span = try findClass(&scanner)
    scanner.position = objectStart + 1
    let report = try decodeBody(&scanner, classSpan: span, first: true)
    try finish(&scanner)
    return report
  }

  private static func isClassKey(_ key: JSONKey) -> Bool {
    key.count == 5 && !key.hasEscapes && key.base[0] == UInt8(ascii: "c")
      && key.base[1] == UInt8(ascii: "l")
      && key.base[2] == UInt8(ascii: "a") && key.base[3] == UInt8(ascii: "s")
      && key.base[4] == UInt8(ascii: "s")
  }

  /// Scans the whole object once for its `"class"` string.
  private static func findClass(_ scanner: inout JSONScanner) throws(GPSDDecodingError)
    -> StringSpan
  {
    scanner.position += 1
    var first = true
    var found: StringSpan?
    while let key = try scanner.nextKey(first: &first) {
      if isClassKey(key), scanner.peekIsString {
        found = try scanner.stringSpan()
      } else {
        try scanner.skipValue(depth: 2)
      }
    }
    guard let found else { throw .missingClass }
    return found
  }

  private static func finish(_ scanner: inout JSONScanner) throws(GPSDDecodingError) {
    scanner.skipWhitespace()
    guard scanner.isAtEnd else {
      throw .malformedJSON(
        offset: scanner.position, reason: "unexpected bytes after the report object")
    }
  }

  private static func decodeBody(
    _ scanner: inout JSONScanner, classSpan: StringSpan, first: Bool
  ) throws(GPSDDecodingError) -> GPSDReport {
    let key = JSONKey(
      base: scanner.base + classSpan.start, count: classSpan.count, hasEscapes: classSpan.hasEscapes
    )
    guard let reportClass = lookupClass(key) else {
      try skipRest(&scanner, first: first)
      let name = JSONStrings.makeString(
        base: key.base, count: key.count, hasEscapes: key.hasEscapes)
      return .unknown(class: name)
    }
    var decoder = ObjectReader(scanner: scanner, first: first, className: reportClass.name)
    defer { scanner = decoder.scanner }
    switch reportClass {
    case .tpv: return .tpv(try decoder.decodeTPV())
    case .sky: return .sky(try decoder.decodeSKY())
    case .gst: return .gst(try decoder.decodeGST())
    case .att: return .att(try decoder.decodeATT())
    case .toff: return .toff(try decoder.decodeTOFF())
    case .pps: return .pps(try decoder.decodePPS())
    case .version: return .version(try decoder.decodeVersion())
    case .device: return .device(try decoder.decodeDevice())
    case .devices: return .devices(try decoder.decodeDevices())
    case .watch: return .watch(try decoder.decodeWatch())
    case .error: return .error(message: try decoder.decodeError())
    }
  }

  /// The class a `"class"` value names. gpsd never escapes its class names, but JSON allows
  /// `"T\u0050V"` for `"TPV"`, so an escaped name is unescaped (rare path, may allocate).
  private static func lookupClass(_ key: JSONKey) -> ReportClass? {
    guard key.hasEscapes else { return classes.lookup(key) }
    return ReportClass(
      rawValue: JSONStrings.makeString(base: key.base, count: key.count, hasEscapes: true))
  }

  private static func skipRest(_ scanner: inout JSONScanner, first: Bool) throws(GPSDDecodingError)
  {
    var first = first
    while try scanner.nextKey(first: &first) != nil { try scanner.skipValue(depth: 2) }
  }
}

extension JSONScanner {
  /// Whether the next value is a string (used to find `"class"` without failing on odd types).
  var peekIsString: Bool {
    var probe = self
    probe.skipWhitespace()
    return !probe.isAtEnd && probe.byte(at: probe.position) == UInt8(ascii: "\"")
  }

  /// A timestamp member: an ISO 8601 string, or (older gpsd) seconds since the epoch.
  mutating func timestamp() throws(GPSDDecodingError) -> GPSDTimestamp? {
    let start = position
    if try peek() == UInt8(ascii: "\"") {
      let span = try scanString()
      guard !span.hasEscapes,
        let time = TimestampParser.parse(base: base + span.start, count: span.count)
      else {
        throw .invalidMember(
          class: "", member: "", offset: start, reason: "expected an ISO 8601 UTC time")
      }
      return time
    }
    guard let seconds = try number() else { return nil }
    guard let time = TimestampParser.fromEpochSeconds(seconds) else {
      throw .invalidMember(class: "", member: "", offset: start, reason: "time out of range")
    }
    return time
  }
}
