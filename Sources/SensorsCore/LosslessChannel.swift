import Synchronization

/// A bounded hand-over from one producer to one consumer: ``send(_:)`` suspends while `limit`
/// elements wait for the consumer, so nothing is ever dropped and memory stays bounded.
/// Replays use it: a replay is a file, and a file can wait for its reader. Live sources that
/// must not wait use ``yield(_:)`` instead, which drops the oldest element and says so.
///
/// The consumer side is an `AsyncThrowingStream` (``makeStream()``) or an `AsyncStream`
/// (``makeNonThrowingStream()``). When its consumer is cancelled
/// or the stream is released, the channel terminates: waiting producers resume with `false`
/// and `onTermination` runs once, outside the lock.
package final class LosslessChannel<Element: Sendable>: Sendable {
  private let state: Mutex<LosslessChannelState<Element>>
  private let onTermination: Mutex<(@Sendable () -> Void)?>

  package init(limit: Int) {
    self.state = Mutex(LosslessChannelState(limit: max(1, limit)))
    self.onTermination = Mutex(nil)
  }

  /// Runs once when the consumer side ends (cancelled, released, or read to the end).
  package func setOnTermination(_ action: @escaping @Sendable () -> Void) {
    onTermination.withLock { $0 = action }
  }

  /// The consumer's stream. Make it once and iterate it once.
  package func makeStream() -> AsyncThrowingStream<Element, any Error> {
    let lifetime = ConsumerLifetime(self)
    return AsyncThrowingStream(unfolding: { try await lifetime.channel.next() })
  }

  /// The consumer's stream, for a channel that is never finished with an error (one would end
  /// it like a normal finish). Make it once and iterate it once.
  package func makeNonThrowingStream() -> AsyncStream<Element> {
    let lifetime = ConsumerLifetime(self)
    return AsyncStream(unfolding: { (try? await lifetime.channel.next()) ?? nil })
  }

  /// Hands `element` over without waiting: when the buffer is full, its oldest element is
  /// dropped. Returns how many elements were dropped (0 or 1; the element itself when the
  /// channel is closed).
  package func yield(_ element: Element) -> Int {
    let (consumer, dropped) = state.withLock { $0.yieldDroppingOldest(element) }
    consumer?.resume(returning: element)
    return dropped
  }

  /// Hands `element` to the consumer, waiting while the buffer is full. Returns `false` (the
  /// element is not delivered) when the channel was finished or terminated, or the producing
  /// task is cancelled while it waits.
  package func send(_ element: Element) async -> Bool {
    let token = state.withLock { $0.makeToken() }
    while true {
      switch state.withLock({ $0.offer(element) }) {
      case .delivered(let consumer):
        consumer?.resume(returning: element)
        return true
      case .closed:
        return false
      case .full:
        let room = await withTaskCancellationHandler {
          await withCheckedContinuation { (producer: CheckedContinuation<Bool, Never>) in
            if let answer = state.withLock({ $0.waitForRoom(token, producer) }) {
              producer.resume(returning: answer)
            }
          }
        } onCancel: {
          state.withLock { $0.cancelProducer(token) }?.resume(returning: false)
        }
        guard room else { return false }
      }
    }
  }

  /// Ends the stream after the buffered elements, normally or with `error`; waiting producers
  /// resume with `false`.
  package func finish(throwing error: (any Error)? = nil) {
    let afterUnlock = state.withLock { $0.finish(error) }
    run(afterUnlock)
  }

  /// The consumer's next element; `nil` at the end.
  fileprivate func next() async throws -> Element? {
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation {
        (consumer: CheckedContinuation<Element?, any Error>) in
        let afterUnlock = state.withLock { $0.take(consumer) }
        run(afterUnlock)
      }
    } onCancel: {
      terminate()
    }
  }

  /// The consumer is gone: drop the buffer and release everyone waiting.
  fileprivate func terminate() {
    let afterUnlock = state.withLock { $0.terminate() }
    run(afterUnlock)
  }

  private func run(_ afterUnlock: LosslessChannelState<Element>.AfterUnlock) {
    for producer in afterUnlock.producers {
      producer.resume(returning: afterUnlock.producersMayGoOn)
    }
    if let (consumer, outcome) = afterUnlock.consumer { consumer.resume(with: outcome) }
    if afterUnlock.terminated {
      let action = onTermination.withLock { action in
        defer { action = nil }
        return action
      }
      action?()
    }
  }
}

/// Ends the channel when the consumer's stream is released without being cancelled or read
/// to the end (its unfolding closure, which holds this, goes away with it).
private final class ConsumerLifetime<Element: Sendable>: Sendable {
  let channel: LosslessChannel<Element>

  init(_ channel: LosslessChannel<Element>) {
    self.channel = channel
  }

  deinit {
    channel.terminate()
  }
}

/// The state of a ``LosslessChannel``. Every method runs under its lock and returns what to
/// resume afterwards, outside the lock.
struct LosslessChannelState<Element: Sendable> {
  enum Phase {
    /// Elements flow; `consumer` waits for one when the buffer is empty.
    case open(consumer: CheckedContinuation<Element?, any Error>?)
    /// The producer side ended: the consumer reads the buffer, then the end (or `error`).
    case finished((any Error)?)
    /// Nothing more flows: the consumer has gone or read everything.
    case terminated
  }

  /// What an offered element asks for.
  enum Offer {
    /// What to do once the lock is released.
    enum AfterUnlock {
      /// Delivered: to the waiting consumer (resume it with the element), or into the buffer.
      case delivered(CheckedContinuation<Element?, any Error>?)
      case full
      case closed
    }
  }

  /// What to resume once the lock is released.
  struct AfterUnlock {
    var producers: [CheckedContinuation<Bool, Never>] = []
    /// What the released producers learn: `true` there is room, `false` the channel closed.
    var producersMayGoOn = false
    var consumer: (CheckedContinuation<Element?, any Error>, Result<Element?, any Error>)?
    /// The channel became terminated in this step.
    var terminated = false
  }

  let limit: Int
  private var phase: Phase = .open(consumer: nil)
  private var buffer: [Element] = []
  private var head = 0
  private var producers: [UInt64: CheckedContinuation<Bool, Never>] = [:]
  /// Producers cancelled before they began to wait.
  private var cancelledProducers: Set<UInt64> = []
  private var nextToken: UInt64 = 0

  init(limit: Int) {
    self.limit = limit
  }

  private var bufferedCount: Int { buffer.count - head }

  mutating func makeToken() -> UInt64 {
    nextToken += 1
    return nextToken
  }

  mutating func offer(_ element: Element) -> Offer.AfterUnlock {
    guard case .open(let consumer) = phase else { return .closed }
    if let consumer {
      phase = .open(consumer: nil)
      return .delivered(consumer)
    }
    guard bufferedCount < limit else { return .full }
    buffer.append(element)
    return .delivered(nil)
  }

  /// Buffers `element` without waiting, dropping the oldest one when full; returns the consumer
  /// to resume with it (if one waits) and how many elements were dropped.
  mutating func yieldDroppingOldest(_ element: Element) -> (
    CheckedContinuation<Element?, any Error>?, Int
  ) {
    guard case .open(let consumer) = phase else { return (nil, 0) }
    if let consumer {
      phase = .open(consumer: nil)
      return (consumer, 0)
    }
    var dropped = 0
    if bufferedCount >= limit {
      head += 1
      dropped = 1
    }
    buffer.append(element)
    if head >= 1024 || head == buffer.count {
      buffer.removeFirst(head)
      head = 0
    }
    return (nil, dropped)
  }

  /// A producer waits for room. Returns an immediate answer instead when there is room already
  /// (`true`), or the channel closed or the producer was cancelled (`false`).
  mutating func waitForRoom(_ token: UInt64, _ producer: CheckedContinuation<Bool, Never>)
    -> Bool?
  {
    if cancelledProducers.remove(token) != nil { return false }
    guard case .open = phase else { return false }
    guard bufferedCount >= limit else { return true }
    producers[token] = producer
    return nil
  }

  mutating func cancelProducer(_ token: UInt64) -> CheckedContinuation<Bool, Never>? {
    guard let producer = producers.removeValue(forKey: token) else {
      cancelledProducers.insert(token)
      return nil
    }
    return producer
  }

  /// The consumer asks for an element.
  mutating func take(_ consumer: CheckedContinuation<Element?, any Error>) -> AfterUnlock {
    var afterUnlock = AfterUnlock()
    if head < buffer.count {
      let element = buffer[head]
      head += 1
      if head == buffer.count || head >= 1024 {
        buffer.removeFirst(head)
        head = 0
      }
      afterUnlock.consumer = (consumer, .success(element))
      // One slot is free: let the waiting producers try again.
      afterUnlock.producers = Array(producers.values)
      afterUnlock.producersMayGoOn = true
      producers = [:]
      return afterUnlock
    }
    switch phase {
    case .open:
      phase = .open(consumer: consumer)
    case .finished(let error):
      phase = .terminated
      afterUnlock.consumer = (consumer, error.map { .failure($0) } ?? .success(nil))
      afterUnlock.terminated = true
    case .terminated:
      afterUnlock.consumer = (consumer, .success(nil))
    }
    return afterUnlock
  }

  /// The producer side ends.
  mutating func finish(_ error: (any Error)?) -> AfterUnlock {
    guard case .open(let consumer) = phase else { return AfterUnlock() }
    var afterUnlock = AfterUnlock()
    afterUnlock.producers = Array(producers.values)
    producers = [:]
    if let consumer {
      phase = .terminated
      afterUnlock.consumer = (consumer, error.map { .failure($0) } ?? .success(nil))
      afterUnlock.terminated = true
    } else {
      phase = .finished(error)
    }
    return afterUnlock
  }

  /// The consumer side ends.
  mutating func terminate() -> AfterUnlock {
    var afterUnlock = AfterUnlock()
    if case .open(let consumer?) = phase { afterUnlock.consumer = (consumer, .success(nil)) }
    if case .terminated = phase {} else { afterUnlock.terminated = true }
    phase = .terminated
    buffer = []
    head = 0
    afterUnlock.producers = Array(producers.values)
    producers = [:]
    return afterUnlock
  }
}
