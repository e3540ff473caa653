import SensorsCore

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
  /// skipped.
  public func propertiesChanged(interface: String, path: String?, sender: String?)
    async throws(DBusError) -> AsyncStream<DBusPropertiesChanged>
  {
    let signals = try await signals(
      matching: .propertiesChanged(sender: sender, path: path, interface: interface))
    let (stream, continuation) = AsyncStream.makeStream(
      of: DBusPropertiesChanged.self, bufferingPolicy: .bufferingNewest(256))
    let task = Task.inheritingExecutor {
      for await signal in signals {
        if let change = DBusPropertiesChanged(signal) { continuation.yield(change) }
      }
      continuation.finish()
    }
    continuation.onTermination = { _ in task.cancel() }
    return stream
  }
}
