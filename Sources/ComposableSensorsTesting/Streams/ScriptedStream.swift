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
/// Values yielded before anyone iterates are buffered, in order. ``waitForConsumer(timeout:clock:fileID:filePath:line:column:)`` lets a test
/// wait until the effect is really listening, and ``isCancelled`` tells whether the consumer
/// stopped early (the test of "cancelling the effect releases the stream").
public final class ScriptedStream<Element: Sendable>: Sendable {
  /// The stream to give to the code under test. Iterate it once.
  public let stream: AsyncThrowingStream<Element, any Error>
  private let storage: ScriptedStreamStorage<Element>

  /// Creates a stream with nothing yielded yet.
  public init() {
    let storage = ScriptedStreamStorage<Element>()
    self.storage = storage
    // `unfolding` calls back for every element the consumer asks for, which is how this type
    // knows that someone is listening.
    self.stream = AsyncThrowingStream(unfolding: { try await storage.next() })
  }

  /// The same script as a non-throwing `AsyncStream`, for endpoints that return one (such as
  /// `LocationClient.create`); ``fail(_:)`` ends it like ``finish()``. Iterate only one of
  /// ``stream`` and this, once.
  public var nonThrowingStream: AsyncStream<Element> {
    AsyncStream(unfolding: { [storage] in try? await storage.next() })
  }

  /// Delivers `element` to the consumer, or buffers it until the consumer asks.
  public func yield(_ element: Element) {
    storage.push(element)
  }

  /// Ends the stream: the consumer's loop finishes after the buffered elements.
  public func finish() {
    storage.end(with: nil)
  }

  /// Ends the stream with `error`, thrown to the consumer after the buffered elements.
  public func fail(_ error: any Error) {
    storage.end(with: error)
  }

  /// Suspends until a consumer is waiting for an element (buffered elements are taken first),
  /// i.e. the code under test is iterating the stream right now.
  ///
  /// If nobody asks within `timeout` on `clock` (real time by default: a safety net rather than
  /// part of the script), the test fails with a message and this returns, so a broken effect
  /// cannot hang the suite.
  public func waitForConsumer(
    timeout: Duration = .seconds(5),
    clock: any Clock<Duration> = ContinuousClock(),
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    let token = storage.makeWaiterToken()
    let timer = Task { [storage] in
      try await clock.sleep(for: timeout)
      storage.abandonWaiter(token)
    }
    let served = await storage.waitForDemand(token)
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
  public var hasConsumer: Bool { storage.state.withLock(\.consumed) }

  /// Whether the consumer's task was cancelled while it waited for an element.
  public var isCancelled: Bool { storage.state.withLock(\.cancelled) }

  /// The number of elements yielded but not yet taken by the consumer.
  public var bufferedCount: Int { storage.state.withLock(\.buffer.count) }
}

/// The buffer and the waiting consumer behind a ``ScriptedStream``.
final class ScriptedStreamStorage<Element: Sendable>: Sendable {
  enum Item {
    case element(Element)
    case end((any Error)?)
  }

  struct State {
    var buffer: [Item] = []
    /// Set once `finish` or `fail` was called: later yields are ignored.
    var closed = false
    var consumed = false
    var cancelled = false
    var consumer: UnsafeContinuation<Element?, any Error>?
    var demandWaiters: [UInt64: UnsafeContinuation<Bool, Never>] = [:]
    /// Waiter tokens not yet served by a consumer (nor abandoned).
    var unserved: Set<UInt64> = []
    var nextToken: UInt64 = 0
  }

  let state = Mutex(State())

  func push(_ element: Element) {
    deliver(.element(element))
  }

  func end(with error: (any Error)?) {
    deliver(.end(error))
  }

  private func deliver(_ item: Item) {
    let consumer: UnsafeContinuation<Element?, any Error>? = state.withLock { state in
      guard !state.closed else { return nil }
      if case .end = item { state.closed = true }
      guard let consumer = state.consumer else {
        state.buffer.append(item)
        return nil
      }
      state.consumer = nil
      return consumer
    }
    consumer.map { Self.resume($0, with: item) }
  }

  private static func resume(_ consumer: UnsafeContinuation<Element?, any Error>, with item: Item) {
    switch item {
    case .element(let element): consumer.resume(returning: element)
    case .end(nil): consumer.resume(returning: nil)
    case .end(let error?): consumer.resume(throwing: error)
    }
  }

  /// The consumer's request for the next element.
  func next() async throws -> Element? {
    try await withTaskCancellationHandler {
      try await withUnsafeThrowingContinuation {
        (consumer: UnsafeContinuation<Element?, any Error>) in
        let (item, waiters) = state.withLock {
          state -> (Item?, [UnsafeContinuation<Bool, Never>]) in
          state.consumed = true
          if state.cancelled { return (.end(nil), []) }
          if !state.buffer.isEmpty {
            let item = state.buffer.removeFirst()
            // Keep an end marker so a consumer that asks again sees the end again.
            if case .end = item { state.buffer.insert(item, at: 0) }
            return (item, [])
          }
          state.consumer = consumer
          defer {
            for token in state.demandWaiters.keys { state.unserved.remove(token) }
            state.demandWaiters = [:]
          }
          return (nil, Array(state.demandWaiters.values))
        }
        for waiter in waiters { waiter.resume(returning: true) }
        if let item { Self.resume(consumer, with: item) }
      }
    } onCancel: {
      let consumer = state.withLock { state in
        state.cancelled = true
        defer { state.consumer = nil }
        return state.consumer
      }
      consumer?.resume(returning: nil)
    }
  }

  func makeWaiterToken() -> UInt64 {
    state.withLock { state in
      state.nextToken += 1
      state.unserved.insert(state.nextToken)
      return state.nextToken
    }
  }

  /// Returns `true` once a consumer is suspended waiting for an element, or `false` when the
  /// waiter was abandoned first.
  func waitForDemand(_ token: UInt64) async -> Bool {
    await withUnsafeContinuation { (waiter: UnsafeContinuation<Bool, Never>) in
      let outcome: Bool? = state.withLock { state in
        guard state.unserved.contains(token) else { return false }  // abandoned already
        guard state.consumer == nil else {
          state.unserved.remove(token)
          return true
        }
        state.demandWaiters[token] = waiter
        return nil
      }
      if let outcome { waiter.resume(returning: outcome) }
    }
  }

  /// Gives up waiting: a waiter not yet served by a consumer returns `false`.
  func abandonWaiter(_ token: UInt64) {
    let waiter: UnsafeContinuation<Bool, Never>? = state.withLock { state in
      guard state.unserved.remove(token) != nil else { return nil }
      return state.demandWaiters.removeValue(forKey: token)
    }
    waiter?.resume(returning: false)
  }
}
