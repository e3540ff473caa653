import Testing

@testable import GPSD

/// The connection lifecycle, driven input by input with no socket and no clock.
@Suite struct ConnectionStateMachineTests {
  typealias Machine = ConnectionStateMachine
  let watchOK = GPSDReport.watch(
    {
      var reply = WatchReport()
      reply.enable = true
      reply.json = true
      return reply
    }())
  let tpv = GPSDReport.tpv(TPVReport(mode: .threeDimensional))

  func machine(
    _ policy: GPSDConnection.ReconnectPolicy = .init(), stale: Duration? = .seconds(2)
  ) -> Machine {
    Machine(policy: policy, staleTimeout: stale)
  }

  @Test func connectWatchAndReceive() {
    var machine = machine()
    #expect(
      machine.handle(.start) == [.emit(.state(.connecting(attempt: 1))), .openSocket(attempt: 1)])
    #expect(
      machine.handle(.connected) == [.emit(.state(.connected)), .startWatchdog])
    #expect(
      machine.handle(.line(.success(watchOK))) == [
        .emit(.report(watchOK)), .emit(.state(.watching)),
      ])
    #expect(machine.handle(.line(.success(tpv))) == [.emit(.report(tpv))])
    #expect(machine.phase == .watching)
  }

  @Test func refusedConnectionsBackOffExponentiallyUpToTheCap() {
    let policy = GPSDConnection.ReconnectPolicy(
      initialDelay: .milliseconds(100), maximumDelay: .milliseconds(500), multiplier: 2)
    var machine = machine(policy)
    _ = machine.handle(.start)
    var delays: [Duration] = []
    for attempt in 1...6 {
      let refused = GPSDConnectionError.refused(host: "127.0.0.1", port: 2947)
      let actions = machine.handle(.connectFailed(refused))
      #expect(actions.first == .emit(.state(.unavailable(refused))))
      guard case .scheduleReconnect(let delay) = actions.last else {
        Issue.record("expected a reconnect after attempt \(attempt)")
        return
      }
      #expect(actions.contains(.emit(.state(.reconnecting(attempt: attempt + 1, after: delay)))))
      delays.append(delay)
      #expect(
        machine.handle(.reconnectTimerFired) == [
          .emit(.state(.connecting(attempt: attempt + 1))), .openSocket(attempt: attempt + 1),
        ])
    }
    #expect(
      delays == [.milliseconds(100), .milliseconds(200), .milliseconds(400)]
        + Array(repeating: .milliseconds(500), count: 3))
  }

  @Test func retryBudgetEndsTheStream() {
    var machine = machine(.init(maximumAttempts: 2))
    _ = machine.handle(.start)
    let refused = GPSDConnectionError.refused(host: "h", port: 1)
    _ = machine.handle(.connectFailed(refused))
    _ = machine.handle(.reconnectTimerFired)
    #expect(
      machine.handle(.connectFailed(refused)) == [
        .emit(.state(.unavailable(refused))), .emit(.state(.closed)), .finish,
      ])
    #expect(machine.handle(.reconnectTimerFired) == [])
  }

  @Test func eofAfterWatchingReconnectsAndResendsWatch() {
    var machine = machine(.init(initialDelay: .seconds(1)))
    _ = machine.handle(.start)
    _ = machine.handle(.connected)
    _ = machine.handle(.line(.success(watchOK)))
    #expect(
      machine.handle(.disconnected(.closedByPeer)) == [
        .stopWatchdog, .closeSocket, .emit(.state(.unavailable(.closedByPeer))),
        .emit(.state(.reconnecting(attempt: 2, after: .seconds(1)))),
        .scheduleReconnect(after: .seconds(1)),
      ])
    _ = machine.handle(.reconnectTimerFired)
    // The new session writes WATCH itself on connecting; the machine only hears that it did.
    #expect(machine.handle(.connected).contains(.emit(.state(.connected))))
    _ = machine.handle(.line(.success(watchOK)))
    // The handshake alone does not prove the session healthy; data does.
    #expect(machine.failures == 1)
    _ = machine.handle(.line(.success(tpv)))
    #expect(machine.failures == 0)
  }

  @Test("A gpsd that accepts and hangs up at once is retried ever more slowly")
  func backoffGrowsAcrossShortSessions() {
    var machine = machine(.init(initialDelay: .milliseconds(250), maximumDelay: .seconds(8)))
    _ = machine.handle(.start)
    var delays: [Duration] = []
    for _ in 0..<7 {
      _ = machine.handle(.connected)
      _ = machine.handle(.line(.success(watchOK)))
      for action in machine.handle(.disconnected(.closedByPeer)) {
        if case .scheduleReconnect(let delay) = action { delays.append(delay) }
      }
      _ = machine.handle(.reconnectTimerFired)
    }
    #expect(
      delays == [
        .milliseconds(250), .milliseconds(500), .seconds(1), .seconds(2), .seconds(4), .seconds(8),
        .seconds(8),
      ])
  }

  @Test("A session that lasts the whole stale timeout resets the backoff")
  func backoffResetsAfterAHealthySession() {
    var machine = ConnectionStateMachine(policy: .init(), staleTimeout: .seconds(4))
    _ = machine.handle(.start)
    _ = machine.handle(.connectFailed(.refused(host: "h", port: 1)))
    _ = machine.handle(.reconnectTimerFired)
    _ = machine.handle(.connected)
    _ = machine.handle(.line(.success(watchOK)))
    #expect(machine.failures == 1)
    _ = machine.handle(.silenceReachedTimeout)
    #expect(machine.failures == 0)
  }

  @Test func rejectedWatchIsFatal() {
    var machine = machine()
    _ = machine.handle(.start)
    _ = machine.handle(.connected)
    var refusal = WatchReport()
    refusal.json = false
    let actions = machine.handle(.line(.success(.watch(refusal))))
    #expect(actions.contains(.emit(.state(.unavailable(.watchRejected(refusal))))))
    #expect(actions.last == .finish)
    #expect(machine.phase == .closed)
  }

  @Test func silenceBecomesStaleOnceAndReportsResumeWatching() {
    var machine = machine(stale: .seconds(2))
    _ = machine.handle(.start)
    _ = machine.handle(.connected)
    _ = machine.handle(.line(.success(watchOK)))
    #expect(
      machine.handle(.silenceReachedTimeout) == [.emit(.state(.stale(silentFor: .seconds(2))))])
    #expect(machine.handle(.silenceReachedTimeout) == [], "reported once")
    #expect(
      machine.handle(.line(.success(tpv))) == [.emit(.state(.watching)), .emit(.report(tpv))])
  }

  @Test func withoutAStaleTimeoutSilenceIsNeverReported() {
    var machine = machine(stale: nil)
    _ = machine.handle(.start)
    #expect(machine.handle(.connected) == [.emit(.state(.connected))], "no watchdog")
    _ = machine.handle(.line(.success(watchOK)))
    #expect(machine.handle(.silenceReachedTimeout) == [])
  }

  @Test func deviceDeactivationAndBadLinesAreSurfacedWithoutEndingTheSession() throws {
    var machine = machine()
    _ = machine.handle(.start)
    _ = machine.handle(.connected)
    _ = machine.handle(.line(.success(watchOK)))
    let gone = try GPSDReport.decode(#"{"class":"DEVICE","path":"/dev/pts/1","activated":0}"#)
    #expect(
      machine.handle(.line(.success(gone))) == [
        .emit(.report(gone)), .emit(.state(.deviceLost(path: "/dev/pts/1"))),
      ])
    #expect(
      machine.handle(.line(.failure(.missingClass))) == [.emit(.error(.decoding(.missingClass)))])
    #expect(machine.phase == .watching)
  }

  @Test func closeFromAnyPhaseEndsEverything() {
    var machine = machine()
    _ = machine.handle(.start)
    #expect(
      machine.handle(.close) == [.stopWatchdog, .closeSocket, .emit(.state(.closed)), .finish])
    #expect(machine.handle(.connected) == [])
    #expect(machine.handle(.close) == [])
  }

  @Test func inputsFromTheWrongPhaseAreIgnored() {
    var machine = machine()
    #expect(machine.handle(.connected) == [])
    #expect(machine.handle(.reconnectTimerFired) == [])
    #expect(machine.handle(.line(.success(tpv))) == [])
    #expect(machine.handle(.silenceReachedTimeout) == [])
  }
}
