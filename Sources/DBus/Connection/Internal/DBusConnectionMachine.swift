/// The connection's state: every pending call and subscription lives in one value, changed only
/// through these methods, each returning what to do once the lock is released (resume a caller,
/// feed a stream, send bytes). Nothing here blocks or resumes anything itself.
struct DBusConnectionMachine {
  typealias Reply = CheckedContinuation<Result<DBusMessage, DBusError>, Never>
  typealias Signals = AsyncThrowingStream<DBusMessage, any Error>.Continuation

  struct Subscription {
    var rule: DBusMatchRule
    /// The bus name whose departure ends the subscription with an error, if any.
    var owner: String?
    var continuation: Signals
    /// Where the signals the continuation's buffer dropped are counted.
    var losses: SignalLosses

    /// Feeds `message` to the stream; when its buffer is full the oldest signal is dropped,
    /// and counted.
    func deliver(_ message: DBusMessage) {
      if case .dropped = continuation.yield(message) { losses.add(1) }
    }
  }

  struct Open {
    var pending: [UInt32: Reply] = [:]
    var subscriptions: [Int: Subscription] = [:]
  }

  enum State {
    /// Connecting and authenticating; `waiter` awaits the outcome.
    case connecting(waiter: CheckedContinuation<Result<Void, DBusError>, Never>?)
    case open(Open)
    case closed(DBusError)
  }

  /// Work for the shell, done after the lock is released.
  enum AfterUnlock {
    case resumeConnect(CheckedContinuation<Result<Void, DBusError>, Never>, Result<Void, DBusError>)
    case resume(Reply, Result<DBusMessage, DBusError>)
    /// Feed `message` to the subscription, counting it in its losses if its buffer drops one.
    case yield(Subscription, DBusMessage)
    /// End the stream: normally, or with the error.
    case finish(Signals, DBusError?)
    case send([UInt8])
    /// Answer `call` with an `UnknownMethod` error under `serial`.
    case rejectCall(DBusMessage, serial: UInt32)
    case stopTransport
  }

  private(set) var state = State.connecting(waiter: nil)
  /// The serial used last (internal so tests can start near the wrap).
  var lastSerial: UInt32 = 0

  /// The next serial to use: never 0, wrapping after 2³² − 1.
  mutating func nextSerial() -> UInt32 {
    lastSerial = lastSerial == UInt32.max ? 1 : lastSerial + 1
    return lastSerial
  }

  mutating func awaitConnection(
    _ waiter: CheckedContinuation<Result<Void, DBusError>, Never>
  ) -> [AfterUnlock] {
    switch state {
    case .connecting: state = .connecting(waiter: waiter)
    case .open: return [.resumeConnect(waiter, .success(()))]
    case .closed(let error): return [.resumeConnect(waiter, .failure(error))]
    }
    return []
  }

  mutating func authenticated() -> [AfterUnlock] {
    guard case .connecting(let waiter) = state else { return [] }
    state = .open(Open())
    return waiter.map { [.resumeConnect($0, .success(()))] } ?? []
  }

  /// Registers the reply's continuation and queues the call's bytes in one step, so a reply can
  /// never arrive before its caller is known.
  mutating func call(serial: UInt32, bytes: [UInt8], reply: Reply?) -> [AfterUnlock] {
    guard case .open(var open) = state else {
      if case .closed(let error) = state, let reply { return [.resume(reply, .failure(error))] }
      return reply.map { [.resume($0, .failure(.closed))] } ?? []
    }
    if let reply { open.pending[serial] = reply }
    state = .open(open)
    return [.send(bytes)]
  }

  /// Gives up waiting for `serial`'s reply (cancelled or timed out).
  mutating func abandon(serial: UInt32, error: DBusError) -> [AfterUnlock] {
    guard case .open(var open) = state, let reply = open.pending.removeValue(forKey: serial) else {
      return []
    }
    state = .open(open)
    return [.resume(reply, .failure(error))]
  }

  mutating func subscribe(id: Int, _ subscription: Subscription) -> [AfterUnlock] {
    guard case .open(var open) = state else {
      return [.finish(subscription.continuation, Self.failure(ending: state))]
    }
    open.subscriptions[id] = subscription
    state = .open(open)
    return []
  }

  mutating func unsubscribe(id: Int) -> [AfterUnlock] {
    guard case .open(var open) = state, let gone = open.subscriptions.removeValue(forKey: id)
    else { return [] }
    state = .open(open)
    return [.finish(gone.continuation, nil)]
  }

  /// Routes a received message: a reply to its caller, a signal to every matching subscription,
  /// a method call to an `UnknownMethod` error (this client exports no objects).
  mutating func received(_ message: DBusMessage) -> [AfterUnlock] {
    guard case .open(var open) = state else { return [] }
    switch message.kind {
    case .methodReturn, .error:
      guard let serial = message.replySerial, let reply = open.pending.removeValue(forKey: serial)
      else { return [] }
      state = .open(open)
      if message.kind == .error {
        let failure = DBusError.remote(
          name: message.errorName ?? "", message: message.errorMessage ?? "")
        return [.resume(reply, .failure(failure))]
      }
      return [.resume(reply, .success(message))]
    case .signal:
      var actions: [AfterUnlock] = []
      if let departed = Self.departedOwner(message) {
        for (id, subscription) in open.subscriptions.sorted(by: { $0.key < $1.key })
        where subscription.owner == departed {
          open.subscriptions[id] = nil
          actions.append(
            .finish(subscription.continuation, .serviceLeft(name: departed)))
        }
        state = .open(open)
      }
      return actions
        + open.subscriptions.sorted { $0.key < $1.key }.compactMap { _, subscription in
          subscription.rule.matches(message) ? .yield(subscription, message) : nil
        }
    case .methodCall:
      guard message.flags & DBusMessage.noReplyExpected == 0 else { return [] }
      return [.rejectCall(message, serial: nextSerial())]
    }
  }

  /// Ends everything: every caller gets `error`, every stream finishes.
  mutating func close(_ error: DBusError) -> [AfterUnlock] {
    switch state {
    case .closed:
      return []
    case .connecting(let waiter):
      state = .closed(error)
      return (waiter.map { [.resumeConnect($0, .failure(error))] } ?? []) + [.stopTransport]
    case .open(let open):
      state = .closed(error)
      let replies = open.pending.sorted { $0.key < $1.key }.map {
        AfterUnlock.resume($0.value, .failure(error))
      }
      let streams = open.subscriptions.sorted { $0.key < $1.key }.map {
        AfterUnlock.finish($0.value.continuation, error == .closed ? nil : error)
      }
      return replies + streams + [.stopTransport]
    }
  }

  /// How a stream subscribed in `state` (not open) ends: with the reason the connection
  /// ended, or normally when its owner closed it.
  private static func failure(ending state: State) -> DBusError? {
    guard case .closed(let error) = state, error != .closed else { return nil }
    return error
  }

  /// The name whose owner just lost it, when `message` is the bus's `NameOwnerChanged(name,
  /// old, new)` with an old owner (the service exited, crashed, or was replaced). Only the bus
  /// itself can send as `org.freedesktop.DBus`, so no peer can fake it.
  static func departedOwner(_ message: DBusMessage) -> String? {
    guard message.sender == "org.freedesktop.DBus", message.interface == "org.freedesktop.DBus",
      message.member == "NameOwnerChanged", message.body.count == 3,
      case .string(let name) = message.body[0], case .string(let old) = message.body[1],
      case .string(let new) = message.body[2], !old.isEmpty, old != new
    else { return nil }
    return name
  }
}
