import SensorsCore

extension DBusConnection {
  /// The signals `rule` selects, for as long as `name` has an owner on the bus: when its owner
  /// leaves (the service exits or crashes), the stream fails with
  /// ``DBusError/disconnected(reason:)`` naming it; when the connection ends, with the reason.
  /// Ends normally when the consumer stops.
  public func signals(matching rule: DBusMatchRule, whileOwned name: String)
    async throws(DBusError) -> AsyncThrowingStream<DBusMessage, any Error>
  {
    let owners = try await signals(
      matching: DBusMatchRule(
        sender: "org.freedesktop.DBus", interface: "org.freedesktop.DBus",
        member: "NameOwnerChanged", arguments: [0: name]))
    let selected = try await signals(matching: rule)
    let (stream, continuation) = AsyncThrowingStream.makeStream(of: DBusMessage.self)
    let task = Task.inheritingExecutor {
      await withTaskGroup(of: Void.self) { group in
        group.addTask {
          for await signal in selected { continuation.yield(signal) }
          if let reason = self.endReason, reason != .closed {
            continuation.finish(throwing: reason)
          }
        }
        group.addTask {
          for await change in owners where change.body.count == 3 && change.body[2] == .string("") {
            continuation.finish(throwing: DBusError.disconnected(reason: "\(name) left the bus"))
            return
          }
        }
        // The first to end (owner gone, connection ended, cancellation) ends both.
        await group.next()
        group.cancelAll()
      }
      continuation.finish()
    }
    continuation.onTermination = { _ in task.cancel() }
    return stream
  }
}
