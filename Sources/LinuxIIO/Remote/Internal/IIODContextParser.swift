/// Builds an ``IIODContext`` from libiio's context XML: `context` holding `context-attribute`
/// and `device`; `device` holding `channel`, `attribute`, `debug-attribute` and
/// `buffer-attribute`; `channel` holding `scan-element` and `attribute`. Unknown elements are
/// skipped with their children (newer libiio versions add some); a known element in the wrong
/// place, an unbalanced tag or a malformed scan format is an error.
enum IIODContextParser {
  /// The deepest nesting accepted: libiio's schema needs 3.
  static let maximumDepth = 16
  /// The most devices, channels per device and attributes per element accepted.
  static let maximumCount = 4096

  static func parse(_ bytes: [UInt8]) throws(XMLScanner.Failure) -> IIODContext {
    var scanner = XMLScanner(bytes)
    var builder = Builder()
    while let token = try scanner.next() {
      switch token {
      case .open(let name, let attributes, let selfClosing):
        try builder.open(name, Dictionary(attributes) { first, _ in first }, at: scanner.cursor)
        if selfClosing { try builder.close(name, at: scanner.cursor) }
      case .close(let name):
        try builder.close(name, at: scanner.cursor)
      }
    }
    return try builder.finish()
  }

  private struct Builder {
    var stack: [String] = []
    var context: IIODContext?
    var device: IIODContext.Device?
    var channel: IIODContext.Channel?
    /// Depth of an unknown element being skipped, 0 when none.
    var skipping = 0

    mutating func open(_ name: String, _ attributes: [String: String], at offset: Int)
      throws(XMLScanner.Failure)
    {
      stack.append(name)
      guard stack.count <= IIODContextParser.maximumDepth else {
        throw Self.fail("elements nested too deep", offset)
      }
      guard skipping == 0 else {
        skipping += 1
        return
      }
      switch (stack.count, name) {
      case (1, "context"):
        context = IIODContext(
          name: attributes["name"] ?? "", description: attributes["description"])
      case (2, "context-attribute"):
        try append(&context, Self.attribute(attributes, offset), offset)
      case (2, "device"):
        guard let id = attributes["id"] else { throw Self.fail("a device without an id", offset) }
        device = IIODContext.Device(id: id, name: attributes["name"], label: attributes["label"])
      case (3, "channel"):
        guard let id = attributes["id"], let type = attributes["type"],
          type == "input" || type == "output"
        else { throw Self.fail("a channel without an id or an input/output type", offset) }
        channel = IIODContext.Channel(
          id: id, isOutput: type == "output", name: attributes["name"])
      case (3, "attribute"), (3, "debug-attribute"), (3, "buffer-attribute"):
        let attribute = try Self.attribute(attributes, offset)
        guard var current = device, current.attributes.count < IIODContextParser.maximumCount
        else { throw Self.fail("too many device attributes", offset) }
        if name == "attribute" { current.attributes.append(attribute) }
        if name == "buffer-attribute" { current.bufferAttributes.append(attribute) }
        device = current
      case (4, "attribute"):
        let attribute = try Self.attribute(attributes, offset)
        guard channel != nil, channel?.attributes.count ?? 0 < IIODContextParser.maximumCount
        else { throw Self.fail("too many channel attributes", offset) }
        channel?.attributes.append(attribute)
      case (4, "scan-element"):
        channel?.scanElement = try Self.scanElement(attributes, offset)
      case (_, "context"), (_, "device"), (_, "channel"), (_, "attribute"), (_, "scan-element"),
        (_, "context-attribute"), (_, "buffer-attribute"), (_, "debug-attribute"):
        throw Self.fail("<\(name)> out of place", offset)
      default:
        skipping = 1
      }
    }

    mutating func close(_ name: String, at offset: Int) throws(XMLScanner.Failure) {
      guard stack.last == name else {
        throw Self.fail("</\(name)> closes <\(stack.last ?? "nothing")>", offset)
      }
      defer { stack.removeLast() }
      guard skipping == 0 else {
        skipping -= 1
        return
      }
      switch (stack.count, name) {
      case (2, "device"):
        guard let finished = device, context?.devices.count ?? 0 < IIODContextParser.maximumCount
        else { throw Self.fail("too many devices", offset) }
        context?.devices.append(finished)
        device = nil
      case (3, "channel"):
        guard let finished = channel, device?.channels.count ?? 0 < IIODContextParser.maximumCount
        else { throw Self.fail("too many channels", offset) }
        device?.channels.append(finished)
        channel = nil
      default: break
      }
    }

    func finish() throws(XMLScanner.Failure) -> IIODContext {
      guard stack.isEmpty else { throw XMLScanner.Failure(detail: "<\(stack[0])> is not closed") }
      guard let context else { throw XMLScanner.Failure(detail: "there is no <context> element") }
      return context
    }

    private func append(
      _ context: inout IIODContext?, _ attribute: IIODContext.Attribute, _ offset: Int
    ) throws(XMLScanner.Failure) {
      guard context?.attributes.count ?? 0 < IIODContextParser.maximumCount else {
        throw Self.fail("too many context attributes", offset)
      }
      context?.attributes.append(attribute)
    }

    private static func attribute(_ attributes: [String: String], _ offset: Int)
      throws(XMLScanner.Failure) -> IIODContext.Attribute
    {
      guard let name = attributes["name"] else { throw fail("an attribute without a name", offset) }
      return IIODContext.Attribute(
        name: name, filename: attributes["filename"], value: attributes["value"])
    }

    private static func scanElement(_ attributes: [String: String], _ offset: Int)
      throws(XMLScanner.Failure) -> IIODContext.ScanElement
    {
      guard let indexText = attributes["index"], let index = Int(indexText), index >= 0,
        index < 1 << 16
      else { throw fail("a scan element without a valid index", offset) }
      guard let format = attributes["format"],
        let type = try? IIOScanType(parsing: format, path: "scan-element")
      else {
        throw fail(
          "scan format \((attributes["format"] ?? "").debugDescription) is not valid", offset)
      }
      return IIODContext.ScanElement(index: index, format: type)
    }

    private static func fail(_ what: String, _ offset: Int) -> XMLScanner.Failure {
      XMLScanner.Failure(detail: "\(what) (before byte \(offset))")
    }
  }
}
