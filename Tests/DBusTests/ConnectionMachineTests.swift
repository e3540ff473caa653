import Testing

@testable import DBus

/// The connection's state machine on its own: what each input decides, without a socket.
@Suite struct ConnectionMachineTests {
  typealias Machine = DBusConnectionMachine

  static func open() -> Machine {
    var machine = Machine()
    _ = machine.authenticated()
    return machine
  }

  /// Resumes every continuation the actions name (as the shell does after unlocking); returns
  /// how many.
  @discardableResult
  static func perform(_ actions: [Machine.AfterUnlock]) -> Int {
    var resumed = 0
    for action in actions {
      switch action {
      case .resume(let reply, let result):
        reply.resume(returning: result)
        resumed += 1
      case .resumeConnect(let waiter, let result):
        waiter.resume(returning: result)
        resumed += 1
      case .finish(let continuation, let error): continuation.finish(throwing: error)
      case .yield(let subscription, let message): subscription.deliver(message)
      case .send, .rejectCall, .stopTransport: break
      }
    }
    return resumed
  }

  @Test func aReplyResumesOnlyTheCallerOfItsSerial() async {
    var machine = Self.open()
    let answer = DBusMessage(kind: .methodReturn, serial: 10, replySerial: 5, body: [.string("ok")])
    let result = await withCheckedContinuation { (reply: Machine.Reply) in
      let sent = machine.call(serial: 5, bytes: [1, 2], reply: reply)
      #expect(sent.count == 1)
      let stray = machine.received(DBusMessage(kind: .methodReturn, serial: 9, replySerial: 4))
      #expect(stray.isEmpty, "a reply to no pending call is dropped")
      #expect(Self.perform(machine.received(answer)) == 1)
    }
    #expect(result == .success(answer))
    #expect(machine.received(answer).isEmpty, "a second reply to the same serial finds no caller")
  }

  @Test func anErrorReplyIsARemoteError() async {
    var machine = Self.open()
    let result = await withCheckedContinuation { (reply: Machine.Reply) in
      _ = machine.call(serial: 2, bytes: [1], reply: reply)
      Self.perform(
        machine.received(
          DBusMessage(
            kind: .error, serial: 3, errorName: DBusError.accessDeniedName, replySerial: 2,
            body: [.string("no")])))
    }
    #expect(result == .failure(.remote(name: DBusError.accessDeniedName, message: "no")))
  }

  /// A subscription to `rule` (ending when `owner` leaves the bus, if given) and its stream.
  static func subscription(
    _ rule: DBusMatchRule, owner: String? = nil, bufferSize: Int = 16
  ) -> (Machine.Subscription, DBusSignalStream<DBusMessage>) {
    let (messages, continuation) = AsyncThrowingStream.makeStream(
      of: DBusMessage.self, throwing: (any Error).self,
      bufferingPolicy: .bufferingNewest(bufferSize))
    let losses = SignalLosses()
    return (
      Machine.Subscription(rule: rule, owner: owner, continuation: continuation, losses: losses),
      DBusSignalStream(messages: messages, losses: losses, decode: { $0 })
    )
  }

  @Test func closingFailsEveryPendingCallAndEndsEveryStreamOnce() async throws {
    var machine = Self.open()
    let (subscription, stream) = Self.subscription(DBusMatchRule(interface: "a.b"))
    _ = machine.subscribe(id: 1, subscription)
    let result = await withCheckedContinuation { (reply: Machine.Reply) in
      _ = machine.call(serial: 7, bytes: [1], reply: reply)
      let actions = machine.close(.disconnected(reason: "gone"))
      #expect(Self.perform(actions) == 1)
      guard case .stopTransport? = actions.last else {
        Issue.record("close did not stop the transport: \(actions)")
        return
      }
      #expect(machine.close(.closed).isEmpty, "closing twice does nothing")
    }
    #expect(result == .failure(.disconnected(reason: "gone")))
    var iterator = stream.makeAsyncIterator()
    // Not closed by its owner: the stream fails with the reason.
    await #expect(throws: DBusError.disconnected(reason: "gone")) { try await iterator.next() }
    // After the close, a call fails at once with the reason.
    let late = await withCheckedContinuation { (reply: Machine.Reply) in
      Self.perform(machine.call(serial: 8, bytes: [1], reply: reply))
    }
    #expect(late == .failure(.disconnected(reason: "gone")))
  }

  @Test func abandoningACallResumesItOnceAndItsLateReplyIsDropped() async {
    var machine = Self.open()
    let result = await withCheckedContinuation { (reply: Machine.Reply) in
      _ = machine.call(serial: 4, bytes: [1], reply: reply)
      Self.perform(machine.abandon(serial: 4, error: .cancelled))
      #expect(machine.abandon(serial: 4, error: .cancelled).isEmpty)
    }
    #expect(result == .failure(.cancelled))
    #expect(machine.received(DBusMessage(kind: .methodReturn, serial: 5, replySerial: 4)).isEmpty)
  }

  @Test func signalsGoOnlyToSubscriptionsWhoseRuleMatches() async throws {
    var machine = Self.open()
    let (wantedSubscription, wanted) = Self.subscription(
      DBusMatchRule(interface: "a.b", member: "C"))
    let (otherSubscription, other) = Self.subscription(DBusMatchRule(interface: "x.y"))
    _ = machine.subscribe(id: 1, wantedSubscription)
    _ = machine.subscribe(id: 2, otherSubscription)
    let signal = DBusMessage(kind: .signal, serial: 1, path: "/", interface: "a.b", member: "C")
    Self.perform(machine.received(signal))
    Self.perform(machine.unsubscribe(id: 1))
    Self.perform(machine.unsubscribe(id: 2))
    #expect(try await Array(wanted) == [.signal(signal)])
    #expect(try await Array(other) == [])
  }

  /// The bus's `NameOwnerChanged(name, old, new)`.
  static func ownerChanged(_ name: String, from old: String, to new: String, sender: String)
    -> DBusMessage
  {
    DBusMessage(
      kind: .signal, serial: 9, path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus",
      member: "NameOwnerChanged", sender: sender,
      body: [.string(name), .string(old), .string(new)])
  }

  @Test func aServiceLeavingTheBusEndsOnlyTheStreamsWatchingIt() async throws {
    var machine = Self.open()
    let rule = DBusMatchRule(interface: "net.hadess.SensorProxy")
    let (watching, watchingStream) = Self.subscription(rule, owner: "net.hadess.SensorProxy")
    let (other, otherStream) = Self.subscription(rule, owner: "org.freedesktop.GeoClue2")
    _ = machine.subscribe(id: 1, watching)
    _ = machine.subscribe(id: 2, other)
    // Gaining an owner, and a peer's forged signal, end nothing.
    Self.perform(
      machine.received(
        Self.ownerChanged(
          "net.hadess.SensorProxy", from: "", to: ":1.5", sender: "org.freedesktop.DBus")))
    Self.perform(
      machine.received(
        Self.ownerChanged("net.hadess.SensorProxy", from: ":1.5", to: "", sender: ":1.9")))
    Self.perform(
      machine.received(
        Self.ownerChanged(
          "net.hadess.SensorProxy", from: ":1.5", to: "", sender: "org.freedesktop.DBus")))
    var iterator = watchingStream.makeAsyncIterator()
    await #expect(throws: DBusError.serviceLeft(name: "net.hadess.SensorProxy")) {
      try await iterator.next()
    }
    Self.perform(machine.unsubscribe(id: 1))
    Self.perform(machine.unsubscribe(id: 2))
    #expect(try await Array(otherStream) == [])
  }

  @Test func aFullSubscriptionCountsWhatItDropsAndSaysSoBeforeTheNextSignal() async throws {
    var machine = Self.open()
    let (subscription, stream) = Self.subscription(DBusMatchRule(interface: "a.b"), bufferSize: 4)
    _ = machine.subscribe(id: 1, subscription)
    let signals = (1...10).map {
      DBusMessage(kind: .signal, serial: UInt32($0), path: "/", interface: "a.b", member: "C")
    }
    // Nobody reads while ten signals arrive: the stream keeps the newest four.
    for signal in signals { Self.perform(machine.received(signal)) }
    #expect(stream.lostCount == 6)
    var iterator = stream.makeAsyncIterator()
    #expect(try await iterator.next() == .lost(count: 6))
    #expect(try await iterator.next() == .signal(signals[6]))
    // More are dropped while the consumer is behind again: the gap is reported where it is.
    for signal in signals.prefix(5) { Self.perform(machine.received(signal)) }
    #expect(try await iterator.next() == .lost(count: 4))
    Self.perform(machine.unsubscribe(id: 1))
    var rest: [DBusSignalEvent<DBusMessage>] = []
    while let event = try await iterator.next() { rest.append(event) }
    #expect(rest == signals[1..<5].map { .signal($0) })
    #expect(stream.lostCount == 10)
  }

  @Test func aStreamEndingAfterDropsReportsThemBeforeItsLastSignals() async throws {
    var machine = Self.open()
    let (subscription, stream) = Self.subscription(DBusMatchRule(interface: "a.b"), bufferSize: 1)
    _ = machine.subscribe(id: 1, subscription)
    let signal = DBusMessage(kind: .signal, serial: 1, path: "/", interface: "a.b", member: "C")
    for _ in 0..<3 { Self.perform(machine.received(signal)) }
    Self.perform(machine.close(.closed))
    #expect(try await Array(stream) == [.lost(count: 2), .signal(signal)])
  }

  @Test func methodCallsToThisClientAreRejectedUnlessNoReplyIsExpected() {
    var machine = Self.open()
    let call = DBusMessage(kind: .methodCall, serial: 3, path: "/", member: "Ping")
    guard case .rejectCall(let rejected, let serial)? = machine.received(call).first else {
      Issue.record("a method call was not answered")
      return
    }
    #expect(rejected == call)
    #expect(serial != 0)
    var quiet = call
    quiet.flags = DBusMessage.noReplyExpected
    #expect(machine.received(quiet).isEmpty)
  }

  @Test func serialsSkipZeroWhenTheyWrap() {
    var machine = Machine()
    var last: UInt32 = 0
    for _ in 0..<3 { last = machine.nextSerial() }
    #expect(last == 3)
    machine.lastSerial = UInt32.max - 1
    #expect(machine.nextSerial() == UInt32.max)
    #expect(machine.nextSerial() == 1)
  }
}

extension Array where Element == DBusSignalEvent<DBusMessage> {
  init(_ stream: DBusSignalStream<DBusMessage>) async throws(DBusError) {
    var all: [DBusSignalEvent<DBusMessage>] = []
    for try await event in stream { all.append(event) }
    self = all
  }
}
