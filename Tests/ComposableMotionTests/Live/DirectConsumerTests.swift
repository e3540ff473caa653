import SensorsCore
import Synchronization
import Testing

@testable import ComposableMotion

/// How a live client's update effect receives samples without a stream: a sample delivered on a
/// reader's own thread goes straight to the store's reducer; one delivered inside a task (a
/// polling reader) goes through the effect's task; the effect ends only once no delivery is
/// under way. The tests play the hub themselves and wait on events, never on time.
@Suite struct DirectConsumerTests {
  /// What the consumer handed over, how, and how often it subscribed and unsubscribed.
  final class Log: Sendable {
    private struct State {
      var received: [Int] = []
      var receivedOnATask: [Bool] = []
      var sent: [Int] = []
      var subscribed = 0
      var unsubscribed = 0
    }
    private let state = Mutex(State())
    func receive(_ value: Int) {
      let onATask = withUnsafeCurrentTask { $0 != nil }
      state.withLock {
        $0.received.append(value)
        $0.receivedOnATask.append(onATask)
      }
    }
    func send(_ value: Int) { state.withLock { $0.sent.append(value) } }
    func subscribe() -> DirectUpdates.Unsubscribe {
      state.withLock { $0.subscribed += 1 }
      return { [self] in state.withLock { $0.unsubscribed += 1 } }
    }
    var received: [Int] { state.withLock { $0.received } }
    var receivedOnATask: [Bool] { state.withLock { $0.receivedOnATask } }
    var sent: [Int] { state.withLock { $0.sent } }
    var subscribed: Int { state.withLock { $0.subscribed } }
    var unsubscribed: Int { state.withLock { $0.unsubscribed } }
  }

  /// Runs `consumer` in a task, as the update effect does; returns the task once subscribed.
  func started(_ consumer: DirectConsumer<Int>, log: Log) async -> Task<Void, any Error> {
    let (subscribed, onSubscribed) = AsyncStream.makeStream(of: Void.self)
    let task = Task {
      try await consumer.run {
        defer { onSubscribed.yield() }
        return log.subscribe()
      } send: {
        log.send($0)
      }
    }
    var events = subscribed.makeAsyncIterator()
    await events.next()
    return task
  }

  @Test func samplesFromAReaderThreadReachTheReducerThereUntilTheEffectIsCancelled() async throws {
    let log = Log()
    let consumer = DirectConsumer<Int>(bufferLimit: 8) { log.receive($0) }
    let task = await started(consumer, log: log)
    let dropped = try await onOwnThread { (1...3).map { consumer.deliver($0) } }
    #expect(log.received == [1, 2, 3], "handed over during each delivery")
    #expect(log.receivedOnATask == [false, false, false], "on the reader's thread, no task")
    #expect(dropped == [0, 0, 0])

    task.cancel()
    await #expect(throws: CancellationError.self) { try await task.value }
    _ = try await onOwnThread { consumer.deliver(4) }
    #expect(log.received == [1, 2, 3], "nothing after the cancellation")
    #expect(log.unsubscribed == 1)
  }

  @Test func samplesDeliveredInsideATaskAreSentByTheEffectsTask() async throws {
    let log = Log()
    let consumer = DirectConsumer<Int>(bufferLimit: 8) { log.receive($0) }
    let task = await started(consumer, log: log)
    // A polling reader delivers from its task: its task-locals are not the effect's.
    #expect(consumer.deliver(1) == 0)
    #expect(consumer.deliver(2) == 0)
    consumer.finish(nil)
    try await task.value
    #expect(log.sent == [1, 2], "through the effect's task, in order")
    #expect(log.received.isEmpty)
  }

  @Test func aFullHandOverDropsTheOldestAndSaysSo() async throws {
    let log = Log()
    let consumer = DirectConsumer<Int>(bufferLimit: 2) { log.receive($0) }
    // Not started: nothing takes the hand-over yet.
    #expect([1, 2, 3].map(consumer.deliver) == [0, 0, 1])
    consumer.finish(nil)
    try await consumer.run {
      nil
    } send: {
      log.send($0)
    }
    #expect(log.sent == [2, 3], "the newest kept")
  }

  @Test func aReducerThatCancelsItsOwnEffectEndsItAfterItsDelivery() async throws {
    let log = Log()
    let effect = Mutex<Task<Void, any Error>?>(nil)
    let consumer = DirectConsumer<Int>(bufferLimit: 8) { value in
      log.receive(value)
      // The reducer runs here, on the reader's thread, and returns `.cancel(id:)`.
      effect.withLock { $0 }?.cancel()
    }
    let task = await started(consumer, log: log)
    effect.withLock { $0 = task }
    _ = try await onOwnThread { consumer.deliver(1) }
    await #expect(throws: CancellationError.self) { try await task.value }
    #expect(log.received == [1])
    #expect(log.unsubscribed == 1, "once, from the cancellation")
  }

  @Test func anEndFromTheHubEndsTheRunWithItsError() async throws {
    let log = Log()
    let consumer = DirectConsumer<Int>(bufferLimit: 8) { log.receive($0) }
    let task = await started(consumer, log: log)
    let silent = MotionError.noScans(.accelerometer, device: "iio:device0", waited: .seconds(1))
    consumer.finish(silent)
    await #expect(throws: silent) { try await task.value }
    _ = try await onOwnThread { consumer.deliver(1) }
    #expect(log.received.isEmpty, "nothing after the end")
    #expect(log.unsubscribed == 0, "the hub already dropped the subscription")
  }

  @Test func aSubscriptionThatFailsAtOnceEndsTheRunWithoutWaiting() async throws {
    let consumer = DirectConsumer<Int>(bufferLimit: 8) { _ in }
    let gone = MotionError.managerNotCreated(AnyHashableSendable("gone"))
    await #expect(throws: gone) {
      try await consumer.run {
        consumer.finish(gone)
        return nil
      } send: { _ in
      }
    }
  }

  @Test func anAlreadyCancelledEffectNeverSubscribes() async throws {
    let log = Log()
    let consumer = DirectConsumer<Int>(bufferLimit: 8) { log.receive($0) }
    let task = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      try await consumer.run {
        log.subscribe()
      } send: {
        log.send($0)
      }
    }
    await #expect(throws: CancellationError.self) { try await task.value }
    #expect(log.subscribed == 0)
  }

  @Test func theTaskWaitsForADeliveryUnderWay() async throws {
    var state = DirectConsumerState()
    let began = state.beginDelivery()
    #expect(began, "a reader thread starts handing a sample over")
    let cancelled = state.cancel()
    #expect(cancelled.resume == nil, "not while the delivery runs")
    #expect(cancelled.endHandOver)
    let beganAgain = state.beginDelivery()
    #expect(!beganAgain, "no new delivery once cancelled")
    await #expect(throws: CancellationError.self) {
      try await withUnsafeThrowingContinuation { waiter in
        let early = state.wait(waiter)
        #expect(early == nil, "the task waits")
        let ended = state.endDelivery()
        if let (waiter, outcome) = ended.resume { waiter.resume(with: outcome) }
      }
    }
  }

  @Test func cancelledBeforeTheSubscriptionIsAttachedItUnsubscribesAtOnce() {
    var state = DirectConsumerState()
    _ = state.cancel()
    let unsubscribeNow = state.attach {}
    #expect(unsubscribeNow)
    var receiving = DirectConsumerState()
    let attached = receiving.attach {}
    #expect(!attached)
    let kept = receiving.cancel().unsubscribe
    #expect(kept != nil, "kept for the cancellation")
  }
}
