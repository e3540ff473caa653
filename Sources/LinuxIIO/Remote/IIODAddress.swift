/// Where a board's iiod listens: a host name or address and a TCP port.
///
/// ```swift
/// let board = try IIODAddress(parsing: "board.local")        // port 30431
/// let test = try IIODAddress(parsing: "127.0.0.1:30500")
/// let v6 = try IIODAddress(parsing: "[fe80::1%eth0]:30431")
/// ```
public struct IIODAddress: Hashable, Sendable, CustomStringConvertible {
  /// iiod's standard TCP port.
  public static let defaultPort: UInt16 = 30431

  /// The host name or numeric address (IPv6 without brackets).
  public var host: String
  /// The TCP port.
  public var port: UInt16

  /// Creates an address from its parts.
  public init(host: String, port: UInt16 = IIODAddress.defaultPort) {
    self.host = host
    self.port = port
  }

  /// Parses `HOST`, `HOST:PORT`, `[IPV6]` or `[IPV6]:PORT`; a bare IPv6 address (two colons or
  /// more) takes the default port. libiio's `ip:` prefix is accepted.
  ///
  /// - Throws: ``IIODError/invalidAddress(_:)`` for an empty host or a port outside 1…65535.
  public init(parsing text: String) throws(IIODError) {
    var rest = Substring(text)
    if rest.hasPrefix("ip:") { rest = rest.dropFirst(3) }
    var host: Substring
    var port: Substring?
    if rest.hasPrefix("[") {
      guard let close = rest.firstIndex(of: "]") else { throw .invalidAddress(text) }
      host = rest[rest.index(after: rest.startIndex)..<close]
      let tail = rest[rest.index(after: close)...]
      if !tail.isEmpty {
        guard tail.hasPrefix(":") else { throw .invalidAddress(text) }
        port = tail.dropFirst()
      }
    } else if rest.filter({ $0 == ":" }).count == 1, let colon = rest.firstIndex(of: ":") {
      host = rest[..<colon]
      port = rest[rest.index(after: colon)...]
    } else {
      host = rest
    }
    guard !host.isEmpty, !host.contains(where: { $0.isWhitespace }) else {
      throw .invalidAddress(text)
    }
    var number = IIODAddress.defaultPort
    if let port {
      guard port.count <= 5, port.allSatisfy({ $0.isASCII && $0.isNumber }),
        let value = UInt16(port), value > 0
      else { throw .invalidAddress(text) }
      number = value
    }
    self.init(host: String(host), port: number)
  }

  /// `host:port`, with brackets around an IPv6 host.
  public var description: String {
    host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
  }
}
