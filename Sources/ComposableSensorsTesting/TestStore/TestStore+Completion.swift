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
    await settle()
    let store = self.store
    let skipped = settings.withLock(\.skippedEffects)
    let finished = await waitWithTimeout(limit, clock: timeoutClock) {
      await store.waitForEffects(ignoring: skipped)
    }
    if !finished, exhaustivity == .on {
      reportIssue(
        FailureMessage.effectsStillRunning(trackedEffects),
        fileID: fileID, filePath: filePath, line: line, column: column)
    }
    checkCompletion(
      checkEffects: false, fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Marks every action received so far as asserted, and adopts the state after the last one.
  ///
  /// As in The Composable Architecture, what was skipped is reported as a known issue when the
  /// store is exhaustive or `.off(showSkippedAssertions: true)`: the test passes, and its
  /// results list what it chose not to check.
  ///
  /// - Parameters:
  ///   - strict: Fail if there was nothing to skip.
  ///   - fileID: The file a failure is reported in: the caller's, by default.
  ///   - filePath: The full path of that file.
  ///   - line: The line a failure is reported at.
  ///   - column: The column a failure is reported at.
  public func skipReceivedActions(
    strict: Bool = false,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    await settle()
    let received = log.received
    guard let last = received.last else {
      if strict {
        reportIssue(
          FailureMessage.nothingToSkip("received actions"),
          fileID: fileID, filePath: filePath, line: line, column: column)
      }
      return
    }
    reportSkipped(
      FailureMessage.skippedReceived(received.map(\.action)), as: skipReport,
      fileID: fileID, filePath: filePath, line: line, column: column)
    log.removeReceived(first: received.count)
    adopt(last)
  }

  /// How an explicit skip is reported: a known issue unless the store skips silently.
  private var skipReport: Exhaustivity.SkippedReport {
    exhaustivity == .off ? .silent : .knownIssue
  }

  /// Stops tracking every running effect, without cancelling it: `finish()` and the end of the
  /// test no longer wait for these effects or report them, for a test that has seen what it needs
  /// from a long-lived effect (a sensor stream). The Composable Architecture's behaviour.
  ///
  /// The effects run on: the actions they send still arrive (an exhaustive store still wants
  /// them received), and releasing the store cancels them. To stop an effect, send the action
  /// that cancels it, or cancel the ``TestStoreTask`` its `send` returned.
  ///
  /// - Parameters:
  ///   - strict: Fail if no effect was running.
  ///   - fileID: The file a failure is reported in: the caller's, by default.
  ///   - filePath: The full path of that file.
  ///   - line: The line a failure is reported at.
  ///   - column: The column a failure is reported at.
  public func skipInFlightEffects(
    strict: Bool = false,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    await settle()
    let running = store.inFlightEffects
    let newlySkipped = settings.withLock { settings in
      let new = running.filter { !settings.skippedEffects.contains($0.key) }
      settings.skippedEffects.formUnion(new.keys)
      return new.sorted { $0.key < $1.key }.map(\.value.action)
    }
    guard !newlySkipped.isEmpty else {
      if strict {
        reportIssue(
          FailureMessage.nothingToSkip("in-flight effects"),
          fileID: fileID, filePath: filePath, line: line, column: column)
      }
      return
    }
    reportSkipped(
      FailureMessage.skippedEffects(newlySkipped), as: skipReport,
      fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// The end-of-test checks that need no waiting: unasserted actions and running effects.
  func checkCompletion(
    checkEffects: Bool = true,
    fileID: StaticString, filePath: StaticString, line: UInt, column: UInt
  ) {
    let report = exhaustivity.skippedReport
    guard report != .silent else { return }
    let unhandled = log.received
    if let last = unhandled.last {
      reportSkipped(
        FailureMessage.unhandledAtEnd(unhandled.map(\.action)), as: report,
        fileID: fileID, filePath: filePath, line: line, column: column)
      log.removeReceived(first: unhandled.count)
      adopt(last)
    }
    if checkEffects {
      let running = trackedEffects
      if !running.isEmpty {
        reportSkipped(
          FailureMessage.effectsStillRunning(running), as: report,
          fileID: fileID, filePath: filePath, line: line, column: column)
      }
    }
  }
}
