import SensorsCore
import Synchronization

/// A connection to a message bus (the system bus, a session bus, or any `unix:` address):
/// method calls with replies matched by serial, signals through match rules, and
/// `org.freedesktop.DBus.Properties` (see the `Properties` extension).
///
/// ```swift
/// let bus = try await DBusConnection.connect(to: .system())
/// let reply = try await bus.call(
///   destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus",
///   interface: "org.freedesktop.DBus", member: "GetId")
/// await bus.close()
/// ```
///
/// One thread per connection blocks in `poll(2)` on the socket; everything else is `async` and
/// never blocks a thread. Errors from the bus or the peer arrive as ``DBusError`` values. When
/// the connection ends (``close()``, the bus going away, a message this client cannot read)
/// every waiting call fails with the reason and every signal stream finishes.
public final class DBusConnection: Sendable {
  private struct Core {
    var machine = DBusConnectionMachine()
    var nextSubscription = 0
    var uniqueName = ""
  }

  /// The bus this connection talks to.
  public let address: DBusAddress
  /// How long a call waits for its reply unless it says otherwise.
  public let defaultTimeout: Duration
  private let transport: DBusTransport
  private let clock: any Clock<Duration>
  private let core = Mutex(Core())

  private init(
    address: DBusAddress, transport: DBusTransport, clock: any Clock<Duration>,
    defaultTimeout: Duration
  ) {
    self.address = address
    self.transport = transport
    self.clock = clock
    self.defaultTimeout = defaultTimeout
  }

  deinit { transport.stop() }

  /// Connects, authenticates (`EXTERNAL`, as the calling uid) and says `Hello` to the bus.
  ///
  /// - Parameters:
  ///   - address: the bus, e.g. ``DBusAddress/system()``.
  ///   - clock: the clock call timeouts run on.
  ///   - defaultTimeout: how long calls wait for a reply (libdbus's default is 25 s).
  ///   - maximumMessageLength: the largest message accepted from the bus, bytes (at most the
  ///     specification's 128 MiB); a larger one closes the connection with
  ///     ``DBusError/protocolViolation(_:)`` before anything is buffered.
  /// - Throws: ``DBusError`` when the socket cannot be reached, the bus refuses, or `Hello` fails.
  public static func connect(
    to address: DBusAddress, clock: any Clock<Duration> = ContinuousClock(),
    defaultTimeout: Duration = .seconds(25), maximumMessageLength: Int = 1 << 22
  ) async throws(DBusError) -> DBusConnection {
    let transport = try DBusTransport(
      address: address,
      maximumMessageLength: min(maximumMessageLength, DBusMessage.specificationMaximumLength))
    let connection = DBusConnection(
      address: address, transport: transport, clock: clock, defaultTimeout: defaultTimeout)
    if let failure = transport.start(sink: { [weak connection] in connection?.handle($0) }) {
      throw failure
    }
    let outcome = await withCheckedContinuation { waiter in
      connection.perform(connection.core.withLock { $0.machine.awaitConnection(waiter) })
    }
    do throws(DBusError) {
      try outcome.get()
      let hello = try await connection.call(
        destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus",
        interface: "org.freedesktop.DBus", member: "Hello")
      guard case .string(let name)? = hello.first else {
        throw DBusError.unexpectedReply(
          what: "Hello's reply", signature: hello.map(\.type.description).joined())
      }
      connection.core.withLock { $0.uniqueName = name }
      return connection
    } catch {
      await connection.close()
      throw error
    }
  }

  /// The unique name the bus gave this connection (`:1.42`).
  public var uniqueName: String { core.withLock { $0.uniqueName } }

  /// Why the connection ended, or nil while it is open.
  public var endReason: DBusError? {
    core.withLock { core in
      if case .closed(let error) = core.machine.state { return error }
      return nil
    }
  }

  /// Calls a method and returns its reply's body.
  ///
  /// - Throws: ``DBusError/remote(name:message:)`` when the peer answers with an error,
  ///   ``DBusError/timedOut(member:timeout:)``, ``DBusError/cancelled`` when the task is
  ///   cancelled, or why the connection ended.
  public func call(
    destination: String?, path: String, interface: String?, member: String,
    arguments: [DBusValue] = [], timeout: Duration? = nil
  ) async throws(DBusError) -> [DBusValue] {
    try await call(
      .methodCall(
        destination: destination, path: path, interface: interface, member: member,
        body: arguments),
      timeout: timeout
    ).body
  }

  /// Sends `message` (its serial is assigned here) and returns the reply.
  public func call(_ message: DBusMessage, timeout: Duration? = nil) async throws(DBusError)
    -> DBusMessage
  {
    let serial = core.withLock { $0.machine.nextSerial() }
    var outgoing = message
    outgoing.serial = serial
    let bytes: [UInt8]
    do { bytes = try outgoing.encoded() } catch { throw .invalidMessage(error) }
    let limit = timeout ?? defaultTimeout
    let timer = Task.inheritingExecutor { [clock, weak self] in
      do { try await clock.sleep(for: limit) } catch { return }
      self?.abandon(serial, .timedOut(member: message.member ?? "a method", timeout: limit))
    }
    defer { timer.cancel() }
    let result = await withTaskCancellationHandler {
      await withCheckedContinuation { reply in
        perform(core.withLock { $0.machine.call(serial: serial, bytes: bytes, reply: reply) })
        if Task.isCancelled { abandon(serial, .cancelled) }
      }
    } onCancel: {
      abandon(serial, .cancelled)
    }
    return try result.get()
  }

  /// Sends `message` without waiting for a reply (a signal, or a call flagged
  /// ``DBusMessage/noReplyExpected``).
  public func send(_ message: DBusMessage) throws(DBusError) {
    var outgoing = message
    outgoing.serial = core.withLock { $0.machine.nextSerial() }
    let bytes: [UInt8]
    do { bytes = try outgoing.encoded() } catch { throw .invalidMessage(error) }
    let afterUnlock = core.withLock {
      $0.machine.call(serial: outgoing.serial, bytes: bytes, reply: nil)
    }
    guard !afterUnlock.isEmpty else { throw endReason ?? .closed }
    perform(afterUnlock)
  }

  /// Subscribes to the signals `rule` selects: the rule is added on the bus (`AddMatch`) and
  /// removed when the stream's consumer stops.
  ///
  /// - Parameters:
  ///   - rule: which signals.
  ///   - owner: a bus name (such as `net.hadess.SensorProxy`) whose departure ends the stream
  ///     with ``DBusError/serviceLeft(name:)``: when the program owning it exits, crashes or
  ///     is replaced, its objects are gone and no more signals will come from them.
  ///   - bufferSize: how many signals the stream keeps for a slow consumer (at least 1); when
  ///     it is full the oldest is dropped, counted, and announced in the stream as
  ///     ``DBusSignalEvent/lost(count:)``.
  /// - Returns: the stream (see ``DBusSignalStream`` for how it ends).
  public func signals(
    matching rule: DBusMatchRule, whileOwned owner: String? = nil, bufferSize: Int = 256
  ) async throws(DBusError) -> DBusSignalStream<DBusMessage> {
    let (stream, continuation) = AsyncThrowingStream.makeStream(
      of: DBusMessage.self, throwing: (any Error).self,
      bufferingPolicy: .bufferingNewest(max(1, bufferSize)))
    let losses = SignalLosses()
    let rules = [rule] + (owner.map { [DBusMatchRule.nameOwnerChanged($0)] } ?? [])
    // Registered before AddMatch, so no signal sent right after the match is missed.
    let id = core.withLock { core -> Int in
      core.nextSubscription += 1
      return core.nextSubscription
    }
    let subscription = DBusConnectionMachine.Subscription(
      rule: rule, owner: owner, continuation: continuation, losses: losses)
    perform(core.withLock { $0.machine.subscribe(id: id, subscription) })
    continuation.onTermination = { [weak self] _ in self?.unsubscribe(id, rules: rules) }
    do {
      for match in rules {
        _ = try await call(
          destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus",
          interface: "org.freedesktop.DBus", member: "AddMatch",
          arguments: [.string(match.description)])
      }
    } catch {
      continuation.finish()
      throw error
    }
    return DBusSignalStream(messages: stream, losses: losses, decode: { $0 })
  }

  /// Ends the connection: waiting calls fail with ``DBusError/closed``, signal streams finish;
  /// returns once the socket is closed.
  public func close() async {
    cancel()
    await transport.waitUntilReleased()
  }

  /// Ends the connection as ``close()`` does, without waiting for the socket to close.
  public func cancel() {
    perform(core.withLock { $0.machine.close(.closed) })
  }

  private func unsubscribe(_ id: Int, rules: [DBusMatchRule]) {
    perform(core.withLock { $0.machine.unsubscribe(id: id) })
    for rule in rules {
      try? send(
        DBusMessage(
          kind: .methodCall, flags: DBusMessage.noReplyExpected, path: "/org/freedesktop/DBus",
          interface: "org.freedesktop.DBus", member: "RemoveMatch",
          destination: "org.freedesktop.DBus", body: [.string(rule.description)]))
    }
  }

  private func abandon(_ serial: UInt32, _ error: DBusError) {
    perform(core.withLock { $0.machine.abandon(serial: serial, error: error) })
  }

  private func handle(_ event: TransportEvent) {
    let afterUnlock = core.withLock { core -> [DBusConnectionMachine.AfterUnlock] in
      switch event {
      case .authenticated:
        return core.machine.authenticated()
      case .message(let message):
        return core.machine.received(message)
      case .ended(let error):
        return core.machine.close(error)
      }
    }
    perform(afterUnlock)
  }

  /// The error reply a method call to this client gets: it exports no objects.
  private func unknownMethodReply(to call: DBusMessage, serial: UInt32) -> [UInt8]? {
    let reply = DBusMessage(
      kind: .error, serial: serial,
      errorName: "org.freedesktop.DBus.Error.UnknownMethod", replySerial: call.serial,
      destination: call.sender,
      body: [.string("\(call.member ?? "") is not a method of this client")])
    return try? reply.encoded()
  }

  private func perform(_ afterUnlock: [DBusConnectionMachine.AfterUnlock]) {
    for action in afterUnlock {
      switch action {
      case .resumeConnect(let waiter, let result): waiter.resume(returning: result)
      case .resume(let reply, let result): reply.resume(returning: result)
      case .yield(let subscription, let message): subscription.deliver(message)
      case .finish(let continuation, let error): continuation.finish(throwing: error)
      case .send(let bytes):
        if !transport.send(bytes) { perform(core.withLock { $0.machine.close(.closed) }) }
      case .rejectCall(let call, let serial):
        if let bytes = unknownMethodReply(to: call, serial: serial) { _ = transport.send(bytes) }
      case .stopTransport: transport.stop()
      }
    }
  }
}
