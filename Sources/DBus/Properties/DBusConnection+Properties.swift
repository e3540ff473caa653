extension DBusConnection {
  /// The `org.freedesktop.DBus.Properties` interface name.
  public static let propertiesInterface = "org.freedesktop.DBus.Properties"

  /// Reads one property (`Properties.Get`); returns the value inside the variant.
  ///
  /// - Throws: ``DBusError/remote(name:message:)`` (no such property, access denied) or why the
  ///   call failed.
  public func property(
    _ name: String, interface: String, path: String, destination: String
  ) async throws(DBusError) -> DBusValue {
    let reply = try await call(
      destination: destination, path: path, interface: Self.propertiesInterface, member: "Get",
      arguments: [.string(interface), .string(name)])
    guard case .variant(let value)? = reply.first, reply.count == 1 else {
      throw .unexpectedReply(
        what: "Get(\(name))'s reply", signature: reply.map(\.type.description).joined())
    }
    return value
  }

  /// Reads every property of `interface` (`Properties.GetAll`), values unwrapped from their
  /// variants.
  public func allProperties(interface: String, path: String, destination: String)
    async throws(DBusError) -> [String: DBusValue]
  {
    let reply = try await call(
      destination: destination, path: path, interface: Self.propertiesInterface, member: "GetAll",
      arguments: [.string(interface)])
    guard reply.count == 1, let entries = reply[0].stringKeyedEntries else {
      throw .unexpectedReply(
        what: "GetAll(\(interface))'s reply", signature: reply.map(\.type.description).joined())
    }
    return entries.mapValues(\.unwrapped)
  }

  /// Writes one property (`Properties.Set`).
  public func setProperty(
    _ name: String, to value: DBusValue, interface: String, path: String, destination: String
  ) async throws(DBusError) {
    _ = try await call(
      destination: destination, path: path, interface: Self.propertiesInterface, member: "Set",
      arguments: [.string(interface), .string(name), .variant(value)])
  }

  /// `PropertiesChanged` signals of `interface` on `path`, decoded; signals of another shape are
  /// skipped. Like every subscription it announces dropped signals
  /// (``DBusSignalEvent/lost(count:)``): read the properties again with
  /// ``allProperties(interface:path:destination:)`` then. `owner`, when given, ends the stream
  /// when that name leaves the bus (see ``signals(matching:whileOwned:bufferSize:)``).
  public func propertiesChanged(
    interface: String, path: String?, sender: String?, whileOwned owner: String? = nil
  ) async throws(DBusError) -> DBusSignalStream<DBusPropertiesChanged> {
    try await signals(
      matching: .propertiesChanged(sender: sender, path: path, interface: interface),
      whileOwned: owner
    ).decoding { DBusPropertiesChanged($0) }
  }
}
