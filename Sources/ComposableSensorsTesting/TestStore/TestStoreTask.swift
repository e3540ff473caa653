import ComposableStore

/// The effects of one ``TestStore/send(_:assert:fileID:filePath:line:column:)``: await their end
/// with ``finish(timeout:fileID:filePath:line:column:)-(Duration?,_,_,_,_)`` or stop them with ``cancel()``.
public struct TestStoreTask: Sendable {
  /// The underlying store's handle.
  public let rawValue: StoreTask
  let timeout: Duration
  let clock: any Clock<Duration>

  /// Cancels the action's effects and waits until they have ended.
  public func cancel() async {
    rawValue.cancel()
    await rawValue.finish()
  }

  /// Waits for the action's effects to end; fails the test if they are still running after
  /// `timeout` (the store's ``TestStore/timeout`` by default).
  public func finish(
    timeout: Duration? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    let limit = timeout ?? self.timeout
    let finished = await waitWithTimeout(limit, clock: clock) { await rawValue.finish() }
    if !finished {
      reportIssue(
        FailureMessage.taskStillRunning(timeout: limit),
        fileID: fileID, filePath: filePath, line: line, column: column)
    }
  }

  /// Whether the action's effects were cancelled.
  public var isCancelled: Bool { rawValue.isCancelled }
}

/// Runs `work` and returns `true` if it ends within `timeout` on `clock`; otherwise returns
/// `false` at the timeout and lets `work` go on (the caller reports, then cancels if it wants).
func waitWithTimeout(
  _ timeout: Duration, clock: any Clock<Duration>, _ work: @escaping @Sendable () async -> Void
) async -> Bool {
  let race = Race()
  return await withCheckedContinuation { continuation in
    race.start(continuation)
    let worker = Task {
      await work()
      race.finish(true)
    }
    let timer = Task {
      try? await clock.sleep(for: timeout)
      race.finish(false)
    }
    race.onFinish { timer.cancel() }
    _ = worker
  }
}
