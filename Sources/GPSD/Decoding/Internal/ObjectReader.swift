/// Walks the members of one report object, mapping names to a class's member enum and attributing
/// value errors to the class and member they occurred in.
struct ObjectReader {
  var scanner: JSONScanner
  var first: Bool
  let className: StaticString

  /// The next member this class models (skipping unknown ones), or `nil` after the closing `}`.
  @inline(__always)
  mutating func nextMember<Member>(_ table: MemberTable<Member>) throws(GPSDDecodingError)
    -> Member?
  {
    while let key = try scanner.nextKey(first: &first) {
      if let member = table.lookup(key) { return member }
      try scanner.skipValue(depth: 2)
    }
    return nil
  }

  /// Names the class and member in an error the scanner raised without that context.
  func attribute(_ error: GPSDDecodingError, _ member: some Any) -> GPSDDecodingError {
    guard case .invalidMember(_, _, let offset, let reason) = error else { return error }
    return .invalidMember(
      class: "\(className)", member: "\(member)", offset: offset, reason: reason)
  }

  func missing(_ member: String) -> GPSDDecodingError {
    .missingMember(class: "\(className)", member: member)
  }

  func invalid(_ member: String, at offset: Int, _ reason: String) -> GPSDDecodingError {
    .invalidMember(class: "\(className)", member: member, offset: offset, reason: reason)
  }

  /// A nested object read with the same scanner (satellites, devices), starting at its `{`.
  mutating func nested(className: StaticString) throws(GPSDDecodingError) -> ObjectReader {
    try scanner.beginObject()
    return ObjectReader(scanner: scanner, first: true, className: className)
  }
}
