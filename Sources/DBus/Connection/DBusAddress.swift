import SensorsCore

/// Where a bus listens: a unix socket path, or a name in Linux's abstract socket namespace.
public struct DBusAddress: Hashable, Sendable, CustomStringConvertible {
  /// The socket's path (or abstract name, without the leading NUL).
  public var path: String
  /// Whether ``path`` is in the abstract namespace (`unix:abstract=`).
  public var isAbstract: Bool

  /// The system bus's socket when `DBUS_SYSTEM_BUS_ADDRESS` is unset.
  public static let defaultSystemPath = "/run/dbus/system_bus_socket"

  /// An address for the socket at `path`.
  public init(path: String, isAbstract: Bool = false) {
    self.path = path
    self.isAbstract = isAbstract
  }

  /// As D-Bus spells it: `unix:path=…` or `unix:abstract=…`.
  public var description: String { (isAbstract ? "unix:abstract=" : "unix:path=") + path }

  /// Parses a D-Bus address list (`unix:path=/run/dbus/system_bus_socket`, entries separated by
  /// `;`, values `%`-escaped) and returns its first unix socket.
  ///
  /// - Throws: ``DBusError/invalidAddress(_:reason:)`` or ``DBusError/unsupportedAddress(_:)``.
  public init(parsing text: String) throws(DBusError) {
    for entry in text.split(separator: ";") {
      guard let colon = entry.firstIndex(of: ":") else {
        throw .invalidAddress(text, reason: "an entry without a transport name")
      }
      guard entry[..<colon] == "unix" else { continue }
      var keys: [String: String] = [:]
      for pair in entry[entry.index(after: colon)...].split(separator: ",") {
        guard let equals = pair.firstIndex(of: "=") else {
          throw .invalidAddress(text, reason: "\"\(pair)\" is not key=value")
        }
        keys[String(pair[..<equals])] = try Self.unescape(
          pair[pair.index(after: equals)...], in: text)
      }
      if let path = keys["path"] {
        self.init(path: path)
        return
      }
      if let name = keys["abstract"] {
        self.init(path: name, isAbstract: true)
        return
      }
    }
    throw .unsupportedAddress(text)
  }

  /// The system bus: `DBUS_SYSTEM_BUS_ADDRESS` where set, else ``defaultSystemPath``.
  public static func system() throws(DBusError) -> DBusAddress {
    try system(environment: ProcessEnvironment.variables)
  }

  /// The system bus as `environment` names it.
  public static func system(environment: [String: String]) throws(DBusError) -> DBusAddress {
    if let text = environment["DBUS_SYSTEM_BUS_ADDRESS"], !text.isEmpty {
      return try DBusAddress(parsing: text)
    }
    return DBusAddress(path: defaultSystemPath)
  }

  /// The session bus: `DBUS_SESSION_BUS_ADDRESS`, else `$XDG_RUNTIME_DIR/bus`.
  public static func session() throws(DBusError) -> DBusAddress {
    try session(environment: ProcessEnvironment.variables)
  }

  /// The session bus as `environment` names it.
  public static func session(environment: [String: String]) throws(DBusError) -> DBusAddress {
    if let text = environment["DBUS_SESSION_BUS_ADDRESS"], !text.isEmpty {
      return try DBusAddress(parsing: text)
    }
    if let runtime = environment["XDG_RUNTIME_DIR"], !runtime.isEmpty {
      return DBusAddress(path: runtime + "/bus")
    }
    throw .noSessionBus
  }

  private static func unescape(_ value: Substring, in text: String) throws(DBusError) -> String {
    var bytes: [UInt8] = []
    var iterator = Array(value.utf8).makeIterator()
    while let byte = iterator.next() {
      guard byte == UInt8(ascii: "%") else {
        bytes.append(byte)
        continue
      }
      guard let high = iterator.next().flatMap(hexDigit),
        let low = iterator.next().flatMap(hexDigit)
      else { throw .invalidAddress(text, reason: "a % not followed by two hex digits") }
      bytes.append(high << 4 | low)
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  private static func hexDigit(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
    default: nil
    }
  }
}
