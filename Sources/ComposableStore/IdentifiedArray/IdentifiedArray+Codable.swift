extension IdentifiedArray: Encodable where Element: Encodable {
  /// Encodes the elements as an array, in order: `[{"id":1,…},{"id":2,…}]`.
  @inlinable
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(_elements)
  }
}

extension IdentifiedArray: Decodable
where Element: Decodable & Identifiable, Element.ID == ID {
  /// Decodes an array of elements, in order.
  ///
  /// - Throws: `DecodingError.dataCorrupted` ("Duplicate element at offset 1") if two elements
  ///   share an id, or the error decoding an element threw.
  public init(from decoder: any Decoder) throws {
    var container = try decoder.unkeyedContainer()
    self.init()
    while !container.isAtEnd {
      let element = try container.decode(Element.self)
      guard append(element).inserted else {
        throw DecodingError.dataCorrupted(
          DecodingError.Context(
            codingPath: container.codingPath,
            debugDescription: "Duplicate element at offset \(container.currentIndex - 1)"))
      }
    }
  }
}

extension IdentifiedArray: CustomDebugStringConvertible {
  /// The element type and the elements' debug descriptions: `IdentifiedArray<Int>([1, 2, 3])`.
  public var debugDescription: String {
    var text = "IdentifiedArray<\(Element.self)>(["
    for (offset, element) in _elements.enumerated() {
      if offset > 0 { text += ", " }
      debugPrint(element, terminator: "", to: &text)
    }
    return text + "])"
  }
}
