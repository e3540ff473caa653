import ComposableStore

extension TestStore {
  /// Waits for every effect to end, then checks that no received action went unasserted.
  ///
  /// Call it at the end of a test (exhaustive stores also check when released, but cannot wait
  /// there). Fails if effects still run after `timeout` (the store's ``timeout`` by default).
  public func finish(
    timeout: Duration? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    let limit = timeout ?? self.timeout
    let store = self.store
    let finished = await waitWithTimeout(limit, clock: timeoutClock) {
      await store.waitForEffects()
    }
    if !finished, exhaustivity == .on {
      reportIssue(
        FailureMessage.effectsStillRunning(store.inFlightEffects.values.map(\.action)),
        fileID: fileID, filePath: filePath, line: line, column: column)
    }
    checkCompletion(
      checkEffects: false, fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Marks every action received so far as asserted, and adopts the state after the last one.
  ///
  /// - Parameter strict: Fail if there was nothing to skip.
  public func skipReceivedActions(
    strict: Bool = false,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    await Task.yield()
    let received = log.received
    guard let last = received.last else {
      if strict {
        reportIssue(
          FailureMessage.nothingToSkip("received actions"),
          fileID: fileID, filePath: filePath, line: line, column: column)
      }
      return
    }
    log.removeReceived(first: received.count)
    settings.withLock { $0.state = last.state }
  }

  /// Cancels every running effect and waits for them to end, for tests that stop caring about
  /// long-lived effects (a sensor stream) once they have seen what they need.
  ///
  /// - Parameter strict: Fail if no effect was running.
  public func skipInFlightEffects(
    strict: Bool = false,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    if strict, store.inFlightEffectCount == 0 {
      reportIssue(
        FailureMessage.nothingToSkip("in-flight effects"),
        fileID: fileID, filePath: filePath, line: line, column: column)
    }
    store.cancelAllEffects()
    await store.waitForEffects()
  }

  /// The end-of-test checks that need no waiting: unasserted actions and running effects.
  func checkCompletion(
    checkEffects: Bool = true,
    fileID: StaticString, filePath: StaticString, line: UInt, column: UInt
  ) {
    guard exhaustivity == .on else { return }
    let unhandled = log.received.map(\.action)
    if !unhandled.isEmpty {
      reportIssue(
        FailureMessage.unhandledAtEnd(unhandled),
        fileID: fileID, filePath: filePath, line: line, column: column)
      log.removeReceived(first: unhandled.count)
    }
    if checkEffects {
      let running = store.inFlightEffects.values.map(\.action)
      if !running.isEmpty {
        reportIssue(
          FailureMessage.effectsStillRunning(running),
          fileID: fileID, filePath: filePath, line: line, column: column)
      }
    }
  }
}
