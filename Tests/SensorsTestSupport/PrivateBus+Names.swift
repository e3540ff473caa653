import DBus

extension PrivateBus {
  /// Returns once `name` has an owner on the bus (a service finished starting), waiting for the
  /// bus's `NameOwnerChanged` signal rather than polling (``DBusConnection/waitForOwner(of:)``);
  /// throws after `timeout` of real time.
  public func waitUntilOwned(_ name: String, timeout: Duration = .seconds(20)) async throws {
    let bus = try await DBusConnection.connect(to: DBusAddress(parsing: address))
    defer { bus.cancel() }
    let timer = Task {
      try? await ContinuousClock().sleep(for: timeout)
      bus.cancel()
    }
    defer { timer.cancel() }
    do {
      try await bus.waitForOwner(of: name)
    } catch {
      throw StartFailure(
        description: "\(name) did not appear on the bus within \(timeout): \(error)")
    }
  }
}
