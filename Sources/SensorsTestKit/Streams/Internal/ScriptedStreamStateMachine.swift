/// The state of a ``ScriptedStream``: what the script has yielded, and where its one consumer
/// stands. Every method runs under the stream's lock and returns what the caller resumes after
/// unlocking.
struct ScriptedStreamStateMachine<Element: Sendable> {
  /// Where the consumer stands.
  enum Consumer {
    /// Nobody has asked for an element yet.
    case notYet
    /// The consumer has asked before and is not waiting now.
    case reading
    /// The consumer waits for the next element.
    case waiting(CheckedContinuation<Element?, any Error>)
    /// The consumer's task was cancelled: its loop has ended.
    case cancelled
  }

  /// Where the script stands.
  enum Script {
    case open
    /// `finish()` (nil) or `fail(_:)` was called: later yields are ignored. The consumer has
    /// not reached the end yet.
    case ended((any Error)?)
    /// The consumer was handed the end; it gets it again if it asks again.
    case endDelivered((any Error)?)
  }

  /// What to resume after unlocking.
  struct AfterUnlock {
    var consumer: (CheckedContinuation<Element?, any Error>, Result<Element?, any Error>)?
    var demandWaiters: [CheckedContinuation<Bool, Never>] = []
  }

  private(set) var consumer = Consumer.notYet
  private(set) var script = Script.open
  private(set) var buffer: [Element] = []
  private var demandWaiters: [UInt64: CheckedContinuation<Bool, Never>] = [:]
  /// Waits given up (timed out) before they began.
  private var abandonedWaits: Set<UInt64> = []
  private var nextToken: UInt64 = 0

  /// Elements yielded and not yet taken, plus the end if it is not yet taken.
  var bufferedCount: Int {
    if case .ended = script { return buffer.count + 1 }
    return buffer.count
  }

  var hasConsumer: Bool {
    if case .notYet = consumer { return false }
    return true
  }

  var isCancelled: Bool {
    if case .cancelled = consumer { return true }
    return false
  }

  mutating func makeToken() -> UInt64 {
    nextToken += 1
    return nextToken
  }

  /// The script yields `element`: to the waiting consumer, or into the buffer.
  mutating func yield(_ element: Element) -> AfterUnlock {
    guard case .open = script else { return AfterUnlock() }
    if case .waiting(let continuation) = consumer {
      consumer = .reading
      return AfterUnlock(consumer: (continuation, .success(element)))
    }
    if case .cancelled = consumer { return AfterUnlock() }
    buffer.append(element)
    return AfterUnlock()
  }

  /// The script ends, normally (`nil`) or with `error`.
  mutating func end(_ error: (any Error)?) -> AfterUnlock {
    guard case .open = script else { return AfterUnlock() }
    script = .ended(error)
    guard case .waiting(let continuation) = consumer else { return AfterUnlock() }
    consumer = .reading
    script = .endDelivered(error)
    return AfterUnlock(consumer: (continuation, error.map { .failure($0) } ?? .success(nil)))
  }

  /// The consumer asks for the next element: it gets one at once (buffered, or the end), or it
  /// waits, and then every `waitForConsumer` call returns.
  mutating func next(_ continuation: CheckedContinuation<Element?, any Error>) -> AfterUnlock {
    if case .cancelled = consumer {
      return AfterUnlock(consumer: (continuation, .success(nil)))
    }
    consumer = .reading
    if !buffer.isEmpty {
      return AfterUnlock(consumer: (continuation, .success(buffer.removeFirst())))
    }
    switch script {
    case .open:
      break
    case .ended(let error), .endDelivered(let error):
      script = .endDelivered(error)
      return AfterUnlock(consumer: (continuation, error.map { .failure($0) } ?? .success(nil)))
    }
    consumer = .waiting(continuation)
    let waiters = Array(demandWaiters.values)
    demandWaiters = [:]
    return AfterUnlock(demandWaiters: waiters)
  }

  /// The consumer's task was cancelled: its loop ends.
  mutating func cancel() -> AfterUnlock {
    let waiting: CheckedContinuation<Element?, any Error>?
    if case .waiting(let continuation) = consumer { waiting = continuation } else { waiting = nil }
    consumer = .cancelled
    return AfterUnlock(consumer: waiting.map { ($0, .success(nil)) })
  }

  /// A test waits until the consumer waits for an element. Returns the answer at once (`true`:
  /// it waits now; `false`: this wait was given up already), or `nil` to wait.
  mutating func waitForDemand(_ token: UInt64, _ waiter: CheckedContinuation<Bool, Never>)
    -> Bool?
  {
    if abandonedWaits.remove(token) != nil { return false }
    if case .waiting = consumer { return true }
    demandWaiters[token] = waiter
    return nil
  }

  /// A test gives up waiting: returns its continuation, or remembers that the wait must not
  /// begin.
  mutating func abandonWait(_ token: UInt64) -> CheckedContinuation<Bool, Never>? {
    guard let waiter = demandWaiters.removeValue(forKey: token) else {
      abandonedWaits.insert(token)
      return nil
    }
    return waiter
  }
}
