/// One `org.freedesktop.DBus.Properties.PropertiesChanged` signal, decoded.
public struct DBusPropertiesChanged: Hashable, Sendable {
  /// The object whose properties changed.
  public var path: String
  /// The interface the properties belong to.
  public var interface: String
  /// The new values, unwrapped from their variants.
  public var changed: [String: DBusValue]
  /// Properties that changed without their new value being sent (read them with `Get`).
  public var invalidated: [String]

  /// Creates a change.
  public init(
    path: String, interface: String, changed: [String: DBusValue], invalidated: [String] = []
  ) {
    self.path = path
    self.interface = interface
    self.changed = changed
    self.invalidated = invalidated
  }

  /// Decodes a `PropertiesChanged` signal (`sa{sv}as`); nil for any other message.
  public init?(_ message: DBusMessage) {
    guard message.kind == .signal, message.member == "PropertiesChanged",
      message.interface == DBusConnection.propertiesInterface, let path = message.path,
      message.body.count == 3, case .string(let interface) = message.body[0],
      let changed = message.body[1].stringKeyedEntries,
      case .array(.string, let names) = message.body[2]
    else { return nil }
    self.init(
      path: path, interface: interface, changed: changed.mapValues(\.unwrapped),
      invalidated: names.compactMap(\.stringValue))
  }
}
