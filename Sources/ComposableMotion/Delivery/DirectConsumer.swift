import Synchronization

/// The consumer of an update effect on a live client, fed by the hub: a sample delivered on a
/// reader's own thread (a buffered device's) goes straight to the store (`Send.immediate`),
/// with no stream and no task woken per sample; one delivered inside a task (a polling reader)
/// is handed to the effect's task, which sends it as usual, so a reducer never runs under some
/// other task's task-locals.
///
/// The effect's task sends those, then waits until the subscription has ended (the reader
/// finished or failed, the manager stopped, the effect cancelled) and no direct delivery is
/// still under way, so nothing reaches the store after the effect is over.
///
/// One state under one lock decides the races between the readers, the effect's task and its
/// cancellation; samples are handed over, the task resumed and the hub unsubscribed outside it.
final class DirectConsumer<Element: Sendable>: Sendable {
  private let state = Mutex(DirectConsumerState())
  private let receive: @Sendable (Element) -> Void
  private let handedOver: AsyncStream<Element>
  private let handOver: AsyncStream<Element>.Continuation

  /// A consumer handing each sample to `receive` on a reader's own thread; samples delivered
  /// inside a task wait for the effect's task, at most `bufferLimit` of them (the newest).
  init(bufferLimit: Int, receive: @escaping @Sendable (Element) -> Void) {
    self.receive = receive
    (handedOver, handOver) = AsyncStream.makeStream(
      of: Element.self, bufferingPolicy: .bufferingNewest(max(1, bufferLimit)))
  }

  /// Subscribes with `subscribe` (unless already cancelled), sends the samples handed over
  /// through `send`, then waits for the end; throws `CancellationError` when the task is
  /// cancelled, or the error that ended the updates. `subscribe` returns how to unsubscribe
  /// (nil when it failed at once, after ``finish(_:)``).
  func run(
    subscribe: () -> DirectUpdates.Unsubscribe?, send: (Element) async -> Void
  ) async throws {
    try await withTaskCancellationHandler {
      if !state.withLock({ $0.isCancelled }), let unsubscribe = subscribe() {
        if state.withLock({ $0.attach(unsubscribe) }) { unsubscribe() }
      }
      for await element in handedOver { await send(element) }
      try await withUnsafeThrowingContinuation { (waiter: UnsafeContinuation<Void, any Error>) in
        if let outcome = state.withLock({ $0.wait(waiter) }) { waiter.resume(with: outcome) }
      }
    } onCancel: {
      carryOut(state.withLock { $0.cancel() })
    }
  }

  /// Hands `element` over, unless the consumer was cancelled or the updates ended; returns how
  /// many samples the hand-over buffer dropped for it (0 or 1).
  func deliver(_ element: Element) -> Int {
    guard withUnsafeCurrentTask(body: { $0 == nil }) else {
      guard state.withLock({ $0.isReceiving }) else { return 0 }
      if case .dropped = handOver.yield(element) { return 1 }
      return 0
    }
    guard state.withLock({ $0.beginDelivery() }) else { return 0 }
    receive(element)
    carryOut(state.withLock { $0.endDelivery() })
    return 0
  }

  /// The updates ended: normally (nil) or with `error`.
  func finish(_ error: MotionError?) {
    carryOut(state.withLock { $0.finish(error) })
  }

  private func carryOut(_ effects: DirectConsumerState.Effects) {
    effects.unsubscribe?()
    if effects.endHandOver { handOver.finish() }
    if let (waiter, outcome) = effects.resume { waiter.resume(with: outcome) }
  }
}

/// ``DirectConsumer``'s state machine.
struct DirectConsumerState {
  typealias Waiter = UnsafeContinuation<Void, any Error>

  private enum Phase {
    case receiving
    /// Cancelled or ended, with what the effect's task gets once no delivery is under way.
    case closing(Result<Void, any Error>)
    /// The task got it.
    case done
  }

  /// What a transition leaves for the caller to do outside the lock.
  struct Effects {
    var unsubscribe: DirectUpdates.Unsubscribe?
    /// End the hand-over stream, so the effect's task goes on to wait for the end.
    var endHandOver = false
    var resume: (Waiter, Result<Void, any Error>)?
  }

  private var phase = Phase.receiving
  private var unsubscribe: DirectUpdates.Unsubscribe?
  private var waiter: Waiter?
  /// Direct deliveries under way (device motion's readers may be two threads).
  private var deliveries = 0
  private(set) var isCancelled = false

  var isReceiving: Bool {
    if case .receiving = phase { true } else { false }
  }

  /// Records how to unsubscribe; true when that is needed at once (cancelled meanwhile).
  mutating func attach(_ unsubscribe: @escaping DirectUpdates.Unsubscribe) -> Bool {
    if isCancelled { return true }
    if case .receiving = phase { self.unsubscribe = unsubscribe }
    return false
  }

  /// A direct delivery starts; false when it must not (cancelled or ended).
  mutating func beginDelivery() -> Bool {
    guard case .receiving = phase else { return false }
    deliveries += 1
    return true
  }

  /// A direct delivery returned: the last one lets a closing consumer's task go on.
  mutating func endDelivery() -> Effects {
    deliveries -= 1
    return Effects(resume: settle())
  }

  /// The effect's task is cancelled.
  mutating func cancel() -> Effects {
    isCancelled = true
    guard case .receiving = phase else { return Effects() }
    phase = .closing(.failure(CancellationError()))
    defer { unsubscribe = nil }
    return Effects(unsubscribe: unsubscribe, endHandOver: true, resume: settle())
  }

  /// The updates ended: normally (nil) or with `error` (the hub already dropped the subscription).
  mutating func finish(_ error: MotionError?) -> Effects {
    guard case .receiving = phase else { return Effects() }
    phase = .closing(error.map { .failure($0) } ?? .success(()))
    unsubscribe = nil
    return Effects(endHandOver: true, resume: settle())
  }

  /// The effect's task waits for the end; returns it at once when it is already there.
  mutating func wait(_ waiter: Waiter) -> Result<Void, any Error>? {
    switch phase {
    case .closing(let outcome) where deliveries == 0:
      phase = .done
      return outcome
    case .done:
      return .failure(CancellationError())
    case .receiving, .closing:
      self.waiter = waiter
      return nil
    }
  }

  /// Closing, no delivery under way, and the task waiting: resume it.
  private mutating func settle() -> (Waiter, Result<Void, any Error>)? {
    guard case .closing(let outcome) = phase, deliveries == 0, let waiter else { return nil }
    phase = .done
    self.waiter = nil
    return (waiter, outcome)
  }
}
