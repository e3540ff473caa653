import ComposableStore

extension TestStore {
  /// Sends `action` as the user would, and checks the state it produces.
  ///
  /// - Parameters:
  ///   - action: The action, as a user or the system would send it.
  ///   - assert: Describes the expected change on a copy of the previous state:
  ///     `{ $0.count = 1 }`. Leave it out when the state must not change.
  /// - Returns: The action's effects, to await or cancel.
  @discardableResult
  public func send(
    _ action: Action,
    assert: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async -> TestStoreTask {
    let pending = log.received
    if exhaustivity == .on, let last = pending.last {
      reportIssue(
        FailureMessage.unhandledBeforeSend(pending.map(\.action), sending: action),
        fileID: fileID, filePath: filePath, line: line, column: column)
      // Reported once; skip them so this send's own check is not drowned in their changes.
      log.removeReceived(first: pending.count)
      settings.withLock { $0.state = last.state }
    }
    let task = store.send(.send(action))
    // `recordSent` ran inside the reducer; a missing value would mean the store dropped the action.
    let actual = log.takeSentState() ?? store.state
    expectState(
      after: "sending \(dumpInline(action))", actual: actual, assert: assert,
      fileID: fileID, filePath: filePath, line: line, column: column)
    // Let effects that start at once reach their first suspension before the test goes on.
    await Task.yield()
    return TestStoreTask(rawValue: task, timeout: timeout, clock: timeoutClock)
  }

  /// Waits for an effect to send `expected`, and checks the state it produced.
  ///
  /// With ``Exhaustivity/on`` the next received action must be `expected`; with
  /// ``Exhaustivity/off`` earlier, different actions are skipped.
  public func receive(
    _ expected: Action,
    timeout: Duration? = nil,
    assert: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    await receive(
      { $0 == expected }, describing: expected, timeout: timeout, assert: assert,
      fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Waits for an effect to send an action `matching` accepts, and checks the state it produced.
  /// Use it for actions whose payload the test cannot predict exactly.
  public func receive(
    where matching: (Action) -> Bool,
    timeout: Duration? = nil,
    assert: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    await receive(
      matching, describing: "an action matching the predicate", timeout: timeout, assert: assert,
      fileID: fileID, filePath: filePath, line: line, column: column)
  }

  private func receive(
    _ matching: (Action) -> Bool,
    describing expected: Any,
    timeout: Duration?,
    assert: ((inout State) throws -> Void)?,
    fileID: StaticString, filePath: StaticString, line: UInt, column: UInt
  ) async {
    let limit = timeout ?? self.timeout
    let elapsed = stopwatch(timeoutClock)
    var seen = 0
    while true {
      let received = log.received
      if let index = received.firstIndex(where: { matching($0.action) }),
        exhaustivity == .off || index == 0
      {
        log.removeReceived(first: index + 1)
        expectState(
          after: "receiving \(dumpInline(received[index].action))", actual: received[index].state,
          assert: assert, fileID: fileID, filePath: filePath, line: line, column: column)
        // The effect that sent this may be about to end: let it, before the test moves on.
        if store.inFlightEffectCount > 0 { for _ in 0..<10 { await Task.yield() } }
        return
      }
      if exhaustivity == .on, let first = received.first {
        reportIssue(
          FailureMessage.receivedWrongAction(expected: expected, received: first.action),
          fileID: fileID, filePath: filePath, line: line, column: column)
        log.removeReceived(first: 1)
        settings.withLock { $0.state = first.state }
        return
      }
      seen = received.count
      let remaining = limit - elapsed()
      let arrived =
        remaining > .zero
        ? await log.waitForReceived(beyond: seen, timeout: remaining, clock: timeoutClock) : false
      guard arrived else {
        let message =
          seen == 0
          ? FailureMessage.receiveTimedOut(
            expected: expected, timeout: limit, inFlight: store.inFlightEffects.values.map(\.action))
          : FailureMessage.receivedNoMatch(expected: expected, skipped: received.map(\.action))
        reportIssue(message, fileID: fileID, filePath: filePath, line: line, column: column)
        return
      }
    }
  }

  /// Compares the state the reducer produced with the test's expectation, and adopts it.
  func expectState(
    after step: String,
    actual: State,
    assert: ((inout State) throws -> Void)?,
    fileID: StaticString, filePath: StaticString, line: UInt, column: UInt
  ) {
    // Exhaustive: the closure describes the whole change from the asserted state. Off: it only
    // has to hold on the actual state (it changes nothing there that the reducer did not).
    let exhaustive = exhaustivity == .on
    var expected = exhaustive ? state : actual
    settings.withLock { $0.state = actual }
    do {
      try assert?(&expected)
    } catch {
      // Without a finished expectation there is nothing to compare: report the throw alone.
      reportIssue(
        "The assertion closure threw after \(step): \(error)",
        fileID: fileID, filePath: filePath, line: line, column: column)
      return
    }
    guard expected != actual else { return }
    let message =
      assert == nil
      ? FailureMessage.unexpectedStateChange(step, expected: expected, actual: actual)
      : FailureMessage.stateMismatch(step, expected: expected, actual: actual)
    reportIssue(message, fileID: fileID, filePath: filePath, line: line, column: column)
  }
}

/// A function that returns the time elapsed on `clock` since the call to `stopwatch`.
func stopwatch<C: Clock<Duration>>(_ clock: C) -> () -> Duration {
  let start = clock.now
  return { start.duration(to: clock.now) }
}
