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
      case .finish(let continuation): continuation.finish()
      case .yield(let continuation, let message): continuation.yield(message)
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

  @Test func closingFailsEveryPendingCallAndEndsEveryStreamOnce() async {
    var machine = Self.open()
    let (stream, continuation) = AsyncStream.makeStream(of: DBusMessage.self)
    _ = machine.subscribe(id: 1, rule: DBusMatchRule(interface: "a.b"), continuation: continuation)
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
    #expect(await iterator.next() == nil)
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

  @Test func signalsGoOnlyToSubscriptionsWhoseRuleMatches() async {
    var machine = Self.open()
    let (wanted, wantedContinuation) = AsyncStream.makeStream(of: DBusMessage.self)
    let (other, otherContinuation) = AsyncStream.makeStream(of: DBusMessage.self)
    _ = machine.subscribe(
      id: 1, rule: DBusMatchRule(interface: "a.b", member: "C"), continuation: wantedContinuation)
    _ = machine.subscribe(
      id: 2, rule: DBusMatchRule(interface: "x.y"), continuation: otherContinuation)
    let signal = DBusMessage(kind: .signal, serial: 1, path: "/", interface: "a.b", member: "C")
    Self.perform(machine.received(signal))
    Self.perform(machine.unsubscribe(id: 1))
    Self.perform(machine.unsubscribe(id: 2))
    #expect(await Array(wanted) == [signal])
    #expect(await Array(other) == [])
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

extension Array where Element == DBusMessage {
  init(_ stream: AsyncStream<DBusMessage>) async {
    var all: [DBusMessage] = []
    for await message in stream { all.append(message) }
    self = all
  }
}
