import DBus
import Foundation
import SensorsTestSupport
import Testing

/// The client against a real dbus-daemon on a private socket.
@Suite(
  .tags(.integration), .enabled(if: PrivateBus.isInstalled, "\(PrivateBus.skipMessage)"))
struct ConnectionIntegrationTests {
  static func bus() throws -> PrivateBus? {
    try PrivateBus.start()
  }

  @Test func helloGivesAUniqueNameAndCallsReturnTheirReplies() async throws {
    guard let bus = try Self.bus() else { return }
    defer { bus.stop() }
    let connection = try await DBusConnection.connect(to: DBusAddress(parsing: bus.address))
    #expect(connection.uniqueName.hasPrefix(":1."))
    let id = try await connection.call(
      destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus",
      interface: "org.freedesktop.DBus", member: "GetId")
    guard case .string(let text)? = id.first else {
      Issue.record("GetId returned \(id)")
      return
    }
    #expect(text.count == 32)
    let properties = try await connection.allProperties(
      interface: "org.freedesktop.DBus", path: "/org/freedesktop/DBus",
      destination: "org.freedesktop.DBus")
    #expect(properties["Features"] != nil)
    await connection.close()
    #expect(connection.endReason == .closed)
  }

  @Test func errorRepliesAreTypedRemoteErrors() async throws {
    guard let bus = try Self.bus() else { return }
    defer { bus.stop() }
    let connection = try await DBusConnection.connect(to: DBusAddress(parsing: bus.address))
    defer { connection.cancel() }
    await #expect(throws: DBusError.self) {
      try await connection.call(
        destination: "org.example.Nobody", path: "/", interface: "org.example.Nobody",
        member: "Anything")
    }
    do {
      _ = try await connection.call(
        destination: "org.example.Nobody", path: "/", interface: "x.y", member: "Z")
    } catch {
      #expect(error.remoteName == DBusError.serviceUnknownName)
    }
  }

  @Test func signalsArriveThroughTheirMatchRule() async throws {
    guard let bus = try Self.bus() else { return }
    defer { bus.stop() }
    let watcher = try await DBusConnection.connect(to: DBusAddress(parsing: bus.address))
    defer { watcher.cancel() }
    let owner = try await DBusConnection.connect(to: DBusAddress(parsing: bus.address))
    let changes = try await watcher.signals(
      matching: DBusMatchRule(
        sender: "org.freedesktop.DBus", interface: "org.freedesktop.DBus",
        member: "NameOwnerChanged", arguments: [0: "org.example.Test"]))
    _ = try await owner.call(
      destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus",
      interface: "org.freedesktop.DBus", member: "RequestName",
      arguments: [.string("org.example.Test"), .uint32(0)])
    var iterator = changes.makeAsyncIterator()
    let acquired = try await iterator.next()
    #expect(
      acquired?.signal?.body
        == [.string("org.example.Test"), .string(""), .string(owner.uniqueName)])
    // The owner vanishes: the name is released, which is how a client sees a service go away.
    let ownerName = owner.uniqueName
    await owner.close()
    let released = try await iterator.next()
    #expect(
      released?.signal?.body == [.string("org.example.Test"), .string(ownerName), .string("")])
  }

  @Test func aConsumerThatFellBehindLearnsHowManySignalsItLost() async throws {
    guard let bus = try Self.bus() else { return }
    defer { bus.stop() }
    let watcher = try await DBusConnection.connect(to: DBusAddress(parsing: bus.address))
    defer { watcher.cancel() }
    let emitter = try await DBusConnection.connect(to: DBusAddress(parsing: bus.address))
    defer { emitter.cancel() }
    func signal(_ member: String, _ number: UInt32) -> DBusMessage {
      DBusMessage(
        kind: .signal, path: "/org/example", interface: "org.example.Flood", member: member,
        body: [.uint32(number)])
    }
    let ticks = try await watcher.signals(
      matching: DBusMatchRule(interface: "org.example.Flood", member: "Tick"), bufferSize: 4)
    let done = try await watcher.signals(
      matching: DBusMatchRule(interface: "org.example.Flood", member: "Done"))
    for number in 1...20 { try emitter.send(signal("Tick", UInt32(number))) }
    try emitter.send(signal("Done", 0))
    // One sender's signals reach the watcher in order, and the watcher feeds its streams in that
    // order: once Done is read, all twenty ticks have met the full buffer of `ticks`.
    var marker = done.makeAsyncIterator()
    #expect(try await marker.next()?.signal?.member == "Done")
    var iterator = ticks.makeAsyncIterator()
    var read: [DBusSignalEvent<[DBusValue]>] = []
    for _ in 0..<5 {
      guard let event = try await iterator.next() else { break }
      switch event {
      case .signal(let message): read.append(.signal(message.body))
      case .lost(let count): read.append(.lost(count: count))
      }
    }
    #expect(read == [.lost(count: 16)] + (17...20).map { .signal([.uint32(UInt32($0))]) })
    #expect(ticks.lostCount == 16)
  }

  @Test func aVanishedBusFailsWaitingCallsAndEndsStreams() async throws {
    guard let bus = try Self.bus() else { return }
    let connection = try await DBusConnection.connect(to: DBusAddress(parsing: bus.address))
    let signals = try await connection.signals(matching: DBusMatchRule(interface: "x.never"))
    bus.stop()
    // The bus going away is not the owner closing: the stream fails with the reason.
    await #expect(throws: DBusError.self) {
      for try await _ in signals {}
    }
    guard case .disconnected? = connection.endReason else {
      Issue.record("ended with \(String(describing: connection.endReason))")
      return
    }
    await #expect(throws: DBusError.self) {
      try await connection.call(
        destination: "org.freedesktop.DBus", path: "/", interface: nil, member: "GetId")
    }
  }

  @Test func aMissingSocketIsUnreachable() async throws {
    do {
      _ = try await DBusConnection.connect(to: DBusAddress(path: "/nonexistent/bus.sock"))
      Issue.record("connected to nothing")
    } catch {
      guard case .unreachable(let path, let code, _) = error else {
        Issue.record("unexpected \(error)")
        return
      }
      #expect(path == "/nonexistent/bus.sock")
      #expect(code == ENOENT)
    }
  }
}
