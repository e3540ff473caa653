/// A small XML scanner for the documents libiio writes: tags with quoted attributes, an XML
/// declaration, a DOCTYPE with an internal subset, comments, and the five named entities plus
/// numeric references. Text between tags is skipped (libiio's contexts carry none). Over bytes,
/// so hostile input is rejected with a reason, never trapped on.
struct XMLScanner {
  enum Token: Equatable {
    case open(name: String, attributes: [(String, String)], selfClosing: Bool)
    case close(name: String)

    static func == (lhs: Token, rhs: Token) -> Bool {
      switch (lhs, rhs) {
      case (.open(let a, let x, let s), .open(let b, let y, let t)):
        a == b && s == t && x.elementsEqual(y) { $0 == $1 }
      case (.close(let a), .close(let b)): a == b
      default: false
      }
    }
  }

  struct Failure: Error, Equatable {
    var detail: String
  }

  private let bytes: [UInt8]
  private(set) var cursor = 0

  init(_ bytes: [UInt8]) { self.bytes = bytes }

  /// The next tag, nil at the end of the document.
  mutating func next() throws(Failure) -> Token? {
    while true {
      guard let open = find(UInt8(ascii: "<"), from: cursor) else {
        cursor = bytes.count
        return nil
      }
      cursor = open + 1
      if starts(with: "?") {
        try skip(past: "?>")
      } else if starts(with: "!--") {
        try skip(past: "-->")
      } else if starts(with: "!") {
        try skipDeclaration()
      } else if starts(with: "/") {
        cursor += 1
        let name = try self.name()
        skipSpace()
        try expect(">")
        return .close(name: name)
      } else {
        return try element()
      }
    }
  }

  private mutating func element() throws(Failure) -> Token {
    let name = try self.name()
    var attributes: [(String, String)] = []
    while true {
      skipSpace()
      guard cursor < bytes.count else { throw fail("the tag <\(name)> is not closed") }
      if starts(with: "/>") {
        cursor += 2
        return .open(name: name, attributes: attributes, selfClosing: true)
      }
      if starts(with: ">") {
        cursor += 1
        return .open(name: name, attributes: attributes, selfClosing: false)
      }
      let key = try self.name()
      skipSpace()
      try expect("=")
      skipSpace()
      attributes.append((key, try quoted()))
      guard attributes.count <= 64 else { throw fail("<\(name)> has too many attributes") }
    }
  }

  private mutating func quoted() throws(Failure) -> String {
    guard cursor < bytes.count, bytes[cursor] == 0x22 || bytes[cursor] == 0x27 else {
      throw fail("an attribute value is not quoted")
    }
    let quote = bytes[cursor]
    guard let end = find(quote, from: cursor + 1) else {
      throw fail("an attribute value is not closed")
    }
    let raw = bytes[(cursor + 1)..<end]
    cursor = end + 1
    return try Self.decodeEntities(raw, at: cursor)
  }

  /// Replaces `&lt;` `&gt;` `&amp;` `&quot;` `&apos;` and `&#N;`/`&#xN;` in an attribute value.
  static func decodeEntities(_ raw: ArraySlice<UInt8>, at offset: Int) throws(Failure) -> String {
    guard raw.contains(UInt8(ascii: "&")) else { return String(decoding: raw, as: UTF8.self) }
    var out: [UInt8] = []
    var index = raw.startIndex
    while index < raw.endIndex {
      guard raw[index] == UInt8(ascii: "&") else {
        out.append(raw[index])
        index += 1
        continue
      }
      guard let semicolon = raw[index...].firstIndex(of: UInt8(ascii: ";")),
        semicolon - index <= 10
      else { throw Failure(detail: "an unterminated entity before byte \(offset)") }
      let entity = String(decoding: raw[(index + 1)..<semicolon], as: UTF8.self)
      switch entity {
      case "lt": out.append(UInt8(ascii: "<"))
      case "gt": out.append(UInt8(ascii: ">"))
      case "amp": out.append(UInt8(ascii: "&"))
      case "quot": out.append(0x22)
      case "apos": out.append(0x27)
      default:
        guard let scalar = numericReference(entity) else {
          throw Failure(detail: "unknown entity &\(entity); before byte \(offset)")
        }
        out.append(contentsOf: Array(String(Character(scalar)).utf8))
      }
      index = semicolon + 1
    }
    return String(decoding: out, as: UTF8.self)
  }

  private static func numericReference(_ entity: String) -> Unicode.Scalar? {
    guard entity.hasPrefix("#") else { return nil }
    let digits = entity.dropFirst()
    let value =
      digits.hasPrefix("x") ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits, radix: 10)
    guard let value, value != 0 else { return nil }
    return Unicode.Scalar(value)
  }

  private mutating func name() throws(Failure) -> String {
    let start = cursor
    while cursor < bytes.count, Self.isNameByte(bytes[cursor]) { cursor += 1 }
    guard cursor > start, cursor - start <= 64 else { throw fail("a tag or attribute name") }
    return String(decoding: bytes[start..<cursor], as: UTF8.self)
  }

  private static func isNameByte(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"),
      UInt8(ascii: ":"), UInt8(ascii: "."):
      true
    default: false
    }
  }

  /// Skips `<!DOCTYPE …>`, whose internal subset `[…]` holds `>` characters of its own.
  private mutating func skipDeclaration() throws(Failure) {
    while cursor < bytes.count {
      switch bytes[cursor] {
      case UInt8(ascii: "["):
        guard let end = find(UInt8(ascii: "]"), from: cursor) else {
          throw fail("the DOCTYPE's internal subset is not closed")
        }
        cursor = end + 1
      case UInt8(ascii: ">"):
        cursor += 1
        return
      default: cursor += 1
      }
    }
    throw fail("a declaration is not closed")
  }

  private mutating func skip(past marker: String) throws(Failure) {
    let pattern = Array(marker.utf8)
    while cursor + pattern.count <= bytes.count {
      if bytes[cursor..<(cursor + pattern.count)].elementsEqual(pattern) {
        cursor += pattern.count
        return
      }
      cursor += 1
    }
    throw fail("\(marker) is missing")
  }

  private mutating func skipSpace() {
    while cursor < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[cursor]) { cursor += 1 }
  }

  private mutating func expect(_ text: String) throws(Failure) {
    guard starts(with: text) else { throw fail("expected \(text.debugDescription)") }
    cursor += text.utf8.count
  }

  private func starts(with text: String) -> Bool {
    let pattern = text.utf8
    guard cursor + pattern.count <= bytes.count else { return false }
    return bytes[cursor..<(cursor + pattern.count)].elementsEqual(pattern)
  }

  private func find(_ byte: UInt8, from start: Int) -> Int? {
    guard start < bytes.count else { return nil }
    return bytes[start...].firstIndex(of: byte)
  }

  private func fail(_ what: String) -> Failure {
    Failure(detail: "\(what) at byte \(cursor)")
  }
}
