import Synchronization

/// A stream a test scripts step by step: hand ``stream`` to the code under test (a client
/// endpoint, an effect), then ``yield(_:)`` values, and ``finish()`` or ``fail(_:)`` it.
///
/// ```swift
/// let fixes = ScriptedStream<Location>()
/// var client = LocationClient.unimplemented()
/// client.startUpdatingLocation = { _ in fixes.stream }
/// let store = TestStore(initialState: Feature.State()) { Feature(client: client) }
///
/// await store.send(.start)
/// await fixes.waitForConsumer()           // the effect is now iterating the stream
/// fixes.yield(.berlin)
/// await store.receive(.location(.berlin)) { $0.last = .berlin }
/// fixes.finish()
/// await store.finish()
/// ```
///
/// Code that takes an `AsyncStream` (`LocationClient`'s `create`, for instance) gets
/// ``nonThrowingStream`` instead: the same script, without errors. Iterate one of the two, once.
///
/// Values yielded before anyone iterates are buffered, in order. ``waitForConsumer(timeout:clock:fileID:filePath:line:column:)`` lets a test
/// wait until the effect is really listening, and ``isCancelled`` tells whether the consumer
/// stopped early (the test of "cancelling the effect releases the stream").
public final class ScriptedStream<Element: Sendable>: Sendable {
  /// The stream to give to the code under test. Iterate it (or ``nonThrowingStream``) once.
  public let stream: AsyncThrowingStream<Element, any Error>
  /// The same script as a non-throwing `AsyncStream`, for endpoints that return one (such as
  /// `LocationClient.create`); ``fail(_:)`` ends it like ``finish()`` (an `AsyncStream` cannot
  /// throw). Iterate only one of ``stream`` and this, once.
  public let nonThrowingStream: AsyncStream<Element>
  private let storage: ScriptedStreamStorage<Element>

  /// Creates a stream with nothing yielded yet.
  public init() {
    // A test that scripts a sensor uses dependencies too: route their issues to it.
    installIssueReporter()
    let storage = ScriptedStreamStorage<Element>()
    self.storage = storage
    // `unfolding` calls back for every element the consumer asks for, which is how this type
    // knows that someone is listening.
    self.stream = AsyncThrowingStream(unfolding: { try await storage.next() })
    self.nonThrowingStream = AsyncStream(unfolding: { (try? await storage.next()) ?? nil })
  }

  /// Delivers `element` to the consumer, or buffers it until the consumer asks. Ignored after
  /// ``finish()`` or ``fail(_:)``.
  public func yield(_ element: Element) {
    storage.perform { $0.yield(element) }
  }

  /// Ends the stream: the consumer's loop finishes after the buffered elements.
  public func finish() {
    storage.perform { $0.end(nil) }
  }

  /// Ends the stream with `error`, thrown to the consumer after the buffered elements.
  public func fail(_ error: any Error) {
    storage.perform { $0.end(error) }
  }

  /// Suspends until a consumer is waiting for an element (buffered elements are taken first),
  /// i.e. the code under test is iterating the stream right now.
  ///
  /// If nobody asks within `timeout` on `clock` (real time by default: a safety net rather than
  /// part of the script), the test fails with a message and this returns, so a broken effect
  /// cannot hang the suite. The wait ends as soon as a consumer asks, so the 30 s default costs
  /// nothing when the test is right; it is that long so a heavily loaded machine never trips it.
  public func waitForConsumer(
    timeout: Duration = .seconds(30),
    clock: any Clock<Duration> = ContinuousClock(),
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    let token = storage.state.withLock { $0.makeToken() }
    let timer = Task { [storage] in
      try await clock.sleep(for: timeout)
      storage.state.withLock { $0.abandonWait(token) }?.resume(returning: false)
    }
    let served = await withCheckedContinuation { (waiter: CheckedContinuation<Bool, Never>) in
      let answer = storage.state.withLock { $0.waitForDemand(token, waiter) }
      if let answer { waiter.resume(returning: answer) }
    }
    timer.cancel()
    // Reported here, in the test's own task, so the failure belongs to the test that waited.
    if !served {
      reportIssue(
        """
        ScriptedStream.waitForConsumer() timed out after \(timeout): nothing iterates the stream.

        Check that the code under test received "stream" and iterates it (e.g. an effect \
        started by a sent action), or raise the timeout.
        """,
        fileID: fileID, filePath: filePath, line: line, column: column)
    }
  }

  /// Whether a consumer has started iterating.
  public var hasConsumer: Bool { storage.state.withLock(\.hasConsumer) }

  /// Whether the consumer's task was cancelled while it iterated.
  public var isCancelled: Bool { storage.state.withLock(\.isCancelled) }

  /// The number of elements yielded but not yet taken by the consumer, plus one for the end
  /// (``finish()`` or ``fail(_:)``) until the consumer reaches it.
  public var bufferedCount: Int { storage.state.withLock(\.bufferedCount) }
}

/// The lock around a ``ScriptedStreamStateMachine``; resumes continuations after unlocking.
final class ScriptedStreamStorage<Element: Sendable>: Sendable {
  let state = Mutex(ScriptedStreamStateMachine<Element>())

  /// Runs a transition under the lock, then resumes what it says.
  func perform(
    _ transition: (inout ScriptedStreamStateMachine<Element>) ->
      ScriptedStreamStateMachine<
        Element
      >.AfterUnlock
  ) {
    let afterUnlock = state.withLock { transition(&$0) }
    for waiter in afterUnlock.demandWaiters { waiter.resume(returning: true) }
    if let (consumer, result) = afterUnlock.consumer { consumer.resume(with: result) }
  }

  /// The consumer's request for the next element.
  func next() async throws -> Element? {
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation {
        (consumer: CheckedContinuation<Element?, any Error>) in
        perform { $0.next(consumer) }
      }
    } onCancel: {
      perform { $0.cancel() }
    }
  }
}
