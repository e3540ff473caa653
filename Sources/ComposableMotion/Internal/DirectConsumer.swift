import Synchronization

/// The consumer of an update effect on a live client, fed by the hub on the reader's thread:
/// each sample goes straight to the store (`Send.immediate`), with no stream and no task woken
/// per sample. The effect's task only waits here for the subscription to end: the reader
/// finished or failed, the manager stopped, or the effect was cancelled.
///
/// One state under one lock decides the races between the hub, the effect's task and its
/// cancellation; samples are handed over, the task resumed and the hub unsubscribed outside it.
final class DirectConsumer<Element: Sendable>: Sendable {
  private let state = Mutex(DirectConsumerState())
  private let receive: @Sendable (Element) -> Void

  /// A consumer handing each sample to `receive`, on the thread that delivers it.
  init(receive: @escaping @Sendable (Element) -> Void) {
    self.receive = receive
  }

  /// Subscribes with `subscribe`, then waits until the subscription ends; throws
  /// `CancellationError` when the task is cancelled, or the error that ended the updates.
  /// `subscribe` returns how to unsubscribe (nil when it failed at once, after ``finish(_:)``).
  func run(subscribe: () -> (@Sendable () -> Void)?) async throws {
    let unsubscribe = subscribe()
    if let unsubscribe, state.withLock({ $0.attach(unsubscribe) }) { unsubscribe() }
    try await withTaskCancellationHandler {
      try await withUnsafeThrowingContinuation { (waiter: UnsafeContinuation<Void, any Error>) in
        if let outcome = state.withLock({ $0.wait(waiter) }) { waiter.resume(with: outcome) }
      }
    } onCancel: {
      let (waiter, unsubscribe) = state.withLock { $0.cancel() }
      unsubscribe?()
      waiter?.resume(throwing: CancellationError())
    }
  }

  /// Hands `element` to the store, unless the consumer was cancelled or the updates ended.
  func deliver(_ element: Element) {
    guard state.withLock({ $0.isReceiving }) else { return }
    receive(element)
  }

  /// The updates ended: normally (nil) or with `error`.
  func finish(_ error: MotionError?) {
    let waiter = state.withLock { $0.finish(error) }
    waiter?.resume(with: error.map { .failure($0) } ?? .success(()))
  }
}

/// ``DirectConsumer``'s state machine.
struct DirectConsumerState {
  private enum Phase {
    /// Receiving; the task waits in `waiter` once it got there.
    case receiving(
      unsubscribe: (@Sendable () -> Void)?, waiter: UnsafeContinuation<Void, any Error>?)
    /// The updates ended; the task has yet to see it.
    case ended(MotionError?)
    /// Cancelled, or ended and seen: nothing more happens.
    case done
  }

  private var phase = Phase.receiving(unsubscribe: nil, waiter: nil)

  var isReceiving: Bool {
    if case .receiving = phase { true } else { false }
  }

  /// Records how to unsubscribe; true when that is already needed (cancelled meanwhile).
  mutating func attach(_ unsubscribe: @escaping @Sendable () -> Void) -> Bool {
    switch phase {
    case .receiving(_, let waiter):
      phase = .receiving(unsubscribe: unsubscribe, waiter: waiter)
      return false
    case .ended:
      return false
    case .done:
      return true
    }
  }

  /// The task waits; returns what to resume it with at once, if the updates already ended.
  mutating func wait(_ waiter: UnsafeContinuation<Void, any Error>) -> Result<Void, any Error>? {
    switch phase {
    case .receiving(let unsubscribe, _):
      phase = .receiving(unsubscribe: unsubscribe, waiter: waiter)
      return nil
    case .ended(let error):
      phase = .done
      return error.map { .failure($0) } ?? .success(())
    case .done:
      return .failure(CancellationError())
    }
  }

  /// Cancelled: returns the task to resume and the subscription to end.
  mutating func cancel() -> (UnsafeContinuation<Void, any Error>?, (@Sendable () -> Void)?) {
    guard case .receiving(let unsubscribe, let waiter) = phase else {
      if case .ended = phase { phase = .done }
      return (nil, nil)
    }
    phase = .done
    return (waiter, unsubscribe)
  }

  /// The updates ended; returns the task to resume, if it waits.
  mutating func finish(_ error: MotionError?) -> UnsafeContinuation<Void, any Error>? {
    guard case .receiving(_, let waiter) = phase else { return nil }
    guard let waiter else {
      phase = .ended(error)
      return nil
    }
    phase = .done
    return waiter
  }
}
