import DBus

extension PrivateBus {
  /// Returns once `name` has an owner on the bus (a service finished starting), waiting for the
  /// bus's `NameOwnerChanged` signal rather than polling; throws after `timeout` of real time.
  public func waitUntilOwned(_ name: String, timeout: Duration = .seconds(20)) async throws {
    let bus = try await DBusConnection.connect(to: DBusAddress(parsing: address))
    defer { bus.cancel() }
    let owners = try await bus.signals(
      matching: DBusMatchRule(
        sender: "org.freedesktop.DBus", interface: "org.freedesktop.DBus",
        member: "NameOwnerChanged", arguments: [0: name]))
    // Subscribed first, then asked: a name taken in between is seen either way.
    let owned = try await bus.call(
      destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus",
      interface: "org.freedesktop.DBus", member: "NameHasOwner", arguments: [.string(name)])
    if owned.first == .boolean(true) { return }
    let timer = Task {
      try? await ContinuousClock().sleep(for: timeout)
      bus.cancel()
    }
    defer { timer.cancel() }
    // Ends (throws) when the timer cancels the connection; a dropped signal means a busy bus,
    // so the name is asked for again.
    for try await event in owners {
      switch event {
      case .signal(let change) where change.body.count == 3 && change.body[2] != .string(""):
        return
      case .signal: continue
      case .lost:
        let again = try await bus.call(
          destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus",
          interface: "org.freedesktop.DBus", member: "NameHasOwner", arguments: [.string(name)])
        if again.first == .boolean(true) { return }
      }
    }
    throw StartFailure(description: "\(name) did not appear on the bus within \(timeout)")
  }
}
