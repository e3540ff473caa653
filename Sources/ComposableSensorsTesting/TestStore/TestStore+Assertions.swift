import ComposableStore
import SensorsCore

extension TestStore {
  /// Sends `action` as the user would, and checks the state it produces.
  ///
  /// - Parameters:
  ///   - action: The action, as a user or the system would send it.
  ///   - assert: Describes the expected change on a copy of the previous state:
  ///     `{ $0.count = 1 }`. Leave it out when the state must not change: a closure that changes
  ///     nothing fails the test ("Expected state to change…"). While it runs, ``state`` is still
  ///     the state before `action`.
  ///   - fileID: The file a failure is reported in: the caller's, by default.
  ///   - filePath: The full path of that file.
  ///   - line: The line a failure is reported at.
  ///   - column: The column a failure is reported at.
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
    if let last = pending.last {
      let exhaustivity = self.exhaustivity
      let message =
        exhaustivity == .on
        ? FailureMessage.unhandledBeforeSend(pending.map(\.action), sending: action)
        : FailureMessage.skippedReceived(pending.map(\.action))
      reportSkipped(
        message, as: exhaustivity.skippedReport,
        fileID: fileID, filePath: filePath, line: line, column: column)
      // Reported once (or skipped): this send's own check starts from the state after them.
      log.removeReceived(first: pending.count)
      adopt(last)
    }
    let before = state
    let task = InheritedExecutor.$preferred.withValue(effectExecutor) {
      store.send(.send(action))
    }
    // `recordSent` ran inside the reducer; a missing value would mean the store dropped the action.
    let actual = log.takeSentState() ?? (store.state, sharedChanges.version)
    expectState(
      after: "sending \(dumpInline(action))", before: before, actual: actual.state,
      sharedVersion: actual.sharedVersion, assert: assert,
      fileID: fileID, filePath: filePath, line: line, column: column)
    // Let the effects it started run until they wait, before the test goes on.
    await settle()
    return TestStoreTask(rawValue: task, timeout: timeout, clock: timeoutClock)
  }

  /// Waits for an effect to send `expected`, and checks the state it produced.
  ///
  /// With ``Exhaustivity/on`` the next received action must be `expected`; with
  /// ``Exhaustivity/off`` earlier, different actions are skipped (and adopted). While `assert`
  /// runs, ``state`` is the state before `expected`.
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

  /// Waits for an effect to send an action of the case `path` leads to, whatever its payload, and
  /// checks the state it produced: TCA's `receive(\.motionUpdate)`, for a value the test cannot
  /// predict (a replayed sample, a fix).
  ///
  /// ```swift
  /// await store.receive(ActionPath(Feature.Action.motionUpdate)) { $0.updates += 1 }
  /// await store.receive(ActionPath { Feature.Action.motion(.sample($0)) })  // a nested case
  /// ```
  ///
  /// The state is checked as for any received action: exhaustively, the closure must describe
  /// the whole change.
  public func receive<Value>(
    _ path: ActionPath<Action, Value>,
    timeout: Duration? = nil,
    assert: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    await receive(
      { path.extract($0) != nil }, describing: ExpectedCase(), timeout: timeout, assert: assert,
      fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Waits for an effect to send an action of the case `embed` builds, whatever its payload:
  /// `await store.receive(Feature.Action.motionUpdate) { $0.updates += 1 }`. See
  /// `receive(_:timeout:assert:)` with an `ActionPath`.
  public func receive<Value>(
    _ embed: @escaping @Sendable (Value) -> Action,
    timeout: Duration? = nil,
    assert: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    await receive(
      ActionPath(embed), timeout: timeout, assert: assert,
      fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Waits for an effect to send the action of the case `path` leads to with the payload `value`,
  /// and checks the state it produced: TCA's `receive(\.case, value)`.
  public func receive<Value: Equatable>(
    _ path: ActionPath<Action, Value>,
    _ value: Value,
    timeout: Duration? = nil,
    assert: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    await receive(
      { path.extract($0) == value }, describing: path.embed(value), timeout: timeout,
      assert: assert, fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Waits for an effect to send the action `embed` builds around `value`:
  /// `await store.receive(Feature.Action.alarm, .tilted)`.
  public func receive<Value: Equatable>(
    _ embed: @escaping @Sendable (Value) -> Action,
    _ value: Value,
    timeout: Duration? = nil,
    assert: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    await receive(
      ActionPath(embed), value, timeout: timeout, assert: assert,
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
    await settle()
    while true {
      let received = log.received
      let exhaustivity = self.exhaustivity
      if let index = received.firstIndex(where: { matching($0.action) }),
        exhaustivity != .on || index == 0
      {
        log.removeReceived(first: index + 1)
        if index > 0 {
          // Non-exhaustive: the actions before the match are skipped, and adopted.
          reportSkipped(
            FailureMessage.skippedReceived(received[..<index].map(\.action)),
            as: exhaustivity.skippedReport,
            fileID: fileID, filePath: filePath, line: line, column: column)
          adopt(received[index - 1])
        }
        expectState(
          after: "receiving \(dumpInline(received[index].action))", before: state,
          actual: received[index].state, sharedVersion: received[index].sharedVersion,
          assert: assert, fileID: fileID, filePath: filePath, line: line, column: column)
        // The effect that sent this may be about to end: let it, before the test moves on.
        if useSerialExecutor {
          await settle()
        } else if store.inFlightEffectCount > 0 {
          for _ in 0..<10 { await Task.yield() }
        }
        return
      }
      if exhaustivity == .on, let first = received.first {
        reportIssue(
          FailureMessage.receivedWrongAction(expected: expected, received: first.action),
          fileID: fileID, filePath: filePath, line: line, column: column)
        log.removeReceived(first: 1)
        adopt(first)
        return
      }
      seen = received.count
      if store.inFlightEffectCount == 0, log.received.count == seen {
        // No effect is running, so no action can arrive: fail now, as TCA does, not at the timeout.
        let message =
          seen == 0
          ? FailureMessage.receivedNothing(expected: expected, byCase: expected is ExpectedCase)
          : FailureMessage.receivedNoMatch(expected: expected, skipped: received.map(\.action))
        reportIssue(message, fileID: fileID, filePath: filePath, line: line, column: column)
        return
      }
      let remaining = limit - elapsed()
      let arrived =
        remaining > .zero
        ? await log.waitForReceived(beyond: seen, timeout: remaining, clock: timeoutClock) : false
      guard arrived else {
        let message =
          seen == 0
          ? FailureMessage.receiveTimedOut(
            expected: expected, timeout: limit, inFlight: store.inFlightEffects.values.map(\.action)
          )
          : FailureMessage.receivedNoMatch(expected: expected, skipped: received.map(\.action))
        reportIssue(message, fileID: fileID, filePath: filePath, line: line, column: column)
        return
      }
    }
  }

  /// Compares the state the reducer produced with the test's expectation, and adopts it.
  ///
  /// `assert` runs while ``state`` is still `before`, the state before the action (TCA's
  /// semantics); `actual` is adopted once the comparison is done, and so are the `@Shared`
  /// values the feature changed.
  func expectState(
    after step: String,
    before: State,
    actual: State,
    sharedVersion: UInt64,
    assert: ((inout State) throws -> Void)?,
    fileID: StaticString, filePath: StaticString, line: UInt, column: UInt
  ) {
    defer {
      settings.withLock { $0.state = actual }
      sharedChanges.accept(upTo: sharedVersion)
    }
    let exhaustivity = self.exhaustivity
    /// Applies `assert` to `start` and compares the result with `actual`; reports a throw or a
    /// difference `as` given and returns `nil` then, the expected state otherwise.
    func expectation(
      from start: State, exhaustive: Bool, as report: Exhaustivity.SkippedReport
    ) -> State? {
      let view = SharedView.expected(exhaustive: exhaustive, asOf: sharedVersion)
      var expected = start
      do {
        // Shared state: the closure describes the expected value, never the feature's. It runs
        // in the store's dependencies, as TCA's does (`@Dependency(\.date.now) var now` there).
        try dependencyValues.current.bind { try withSharedView(view) { try assert?(&expected) } }
      } catch {
        // Without a finished expectation there is nothing to compare: report the throw alone.
        reportSkipped(
          FailureMessage.assertionThrew(step, error: error), as: report,
          fileID: fileID, filePath: filePath, line: line, column: column)
        return nil
      }
      guard sharedEqual(expected, view, actual, .asOf(sharedVersion)) else {
        let expectedLines = withSharedView(view) { dumpLines(expected) }
        let actualLines = withSharedView(.asOf(sharedVersion)) { dumpLines(actual) }
        let message =
          assert == nil
          ? FailureMessage.unexpectedStateChange(
            step, expected: expectedLines, actual: actualLines)
          : FailureMessage.stateMismatch(step, expected: expectedLines, actual: actualLines)
        reportSkipped(
          message, as: report, fileID: fileID, filePath: filePath, line: line, column: column)
        return nil
      }
      return expected
    }
    // Exhaustive: the closure describes the whole change from the state before. Off: it only
    // has to hold on the actual state (it changes nothing there that the reducer did not).
    let exhaustive = exhaustivity == .on
    guard
      var expected = expectation(
        from: exhaustive ? before : actual, exhaustive: exhaustive, as: .failure)
    else { return }
    var view = SharedView.expected(exhaustive: exhaustive, asOf: sharedVersion)
    if exhaustivity.skippedReport == .knownIssue {
      // What an exhaustive store would have said: the closure applied to the state before.
      sharedChanges.clearExpectations()
      guard let fromBefore = expectation(from: before, exhaustive: true, as: .knownIssue)
      else { return }
      expected = fromBefore
      view = .expected(exhaustive: true, asOf: sharedVersion)
    }
    if assert != nil, sharedEqual(expected, view, before, .before) {
      reportSkipped(
        FailureMessage.noStateChange(step), as: exhaustivity.skippedReport,
        fileID: fileID, filePath: filePath, line: line, column: column)
    }
  }
}

/// A function that returns the time elapsed on `clock` since the call to `stopwatch`.
func stopwatch<C: Clock<Duration>>(_ clock: C) -> () -> Duration {
  let start = clock.now
  return { start.duration(to: clock.now) }
}

/// What a failure message shows as the expected action of a receive by case.
private struct ExpectedCase: CustomStringConvertible {
  var description: String { "an action of the case path's case" }
}
