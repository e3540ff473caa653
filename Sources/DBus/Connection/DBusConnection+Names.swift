extension DBusConnection {
  /// Whether `name` has an owner on the bus right now (`NameHasOwner`).
  public func hasOwner(_ name: String) async throws(DBusError) -> Bool {
    let reply = try await call(
      destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus",
      interface: "org.freedesktop.DBus", member: "NameHasOwner", arguments: [.string(name)])
    return reply.first == .boolean(true)
  }

  /// Returns once `name` has an owner on the bus: at once when it has one, otherwise when the
  /// bus announces one (`NameOwnerChanged`; no polling). How a client waits for a service that
  /// left the bus to come back.
  ///
  /// - Throws: why the connection ended, if it ends first; ``DBusError/cancelled`` when the
  ///   task is cancelled.
  public func waitForOwner(of name: String) async throws(DBusError) {
    let owners = try await signals(matching: .nameOwnerChanged(name))
    // Subscribed first, then asked: an owner arriving in between is seen either way.
    if try await hasOwner(name) { return }
    for try await event in owners {
      switch event {
      case .signal(let change):
        if change.body.count == 3, change.body[2] != .string("") { return }
      case .lost:
        if try await hasOwner(name) { return }
      }
    }
    if Task.isCancelled { throw .cancelled }
    throw endReason ?? .closed
  }
}
