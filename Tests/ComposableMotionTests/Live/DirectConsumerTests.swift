import SensorsCore
import Synchronization
import Testing

@testable import ComposableMotion

/// How a live client's update effect receives samples without a stream: the hub's thread hands
/// each one to a `DirectConsumer`, and the effect's task only waits for the subscription to end.
/// The tests play the hub themselves and wait on events, never on time.
@Suite struct DirectConsumerTests {
  /// What the consumer handed over, and how often it unsubscribed.
  final class Log: Sendable {
    private let state = Mutex((received: [Int](), unsubscribed: 0))
    func receive(_ value: Int) { state.withLock { $0.received.append(value) } }
    func unsubscribe() { state.withLock { $0.unsubscribed += 1 } }
    var received: [Int] { state.withLock { $0.received } }
    var unsubscribed: Int { state.withLock { $0.unsubscribed } }
  }

  /// Runs `consumer` in a task; returns the task once it has subscribed.
  func started(_ consumer: DirectConsumer<Int>, log: Log) async -> Task<Void, any Error> {
    let (subscribed, onSubscribed) = AsyncStream.makeStream(of: Void.self)
    let task = Task {
      try await consumer.run {
        onSubscribed.yield()
        return { log.unsubscribe() }
      }
    }
    var events = subscribed.makeAsyncIterator()
    await events.next()
    return task
  }

  @Test func samplesGoToTheReceiverUntilTheEffectIsCancelled() async throws {
    let log = Log()
    let consumer = DirectConsumer<Int> { log.receive($0) }
    let task = await started(consumer, log: log)
    for value in 1...3 { consumer.deliver(value) }
    #expect(log.received == [1, 2, 3], "handed over on the delivering thread, at once")

    task.cancel()
    await #expect(throws: CancellationError.self) { try await task.value }
    consumer.deliver(4)
    #expect(log.received == [1, 2, 3], "nothing after the cancellation")
    #expect(log.unsubscribed == 1)
  }

  @Test func anEndFromTheHubEndsTheRunWithItsError() async throws {
    let log = Log()
    let consumer = DirectConsumer<Int> { log.receive($0) }
    let task = await started(consumer, log: log)
    consumer.finish(.noScans(.accelerometer, device: "iio:device0", waited: .seconds(1)))
    await #expect(
      throws: MotionError.noScans(.accelerometer, device: "iio:device0", waited: .seconds(1))
    ) {
      try await task.value
    }
    consumer.deliver(1)
    #expect(log.received.isEmpty, "nothing after the end")
    #expect(log.unsubscribed == 0, "the hub already dropped the subscription")
  }

  @Test func aNormalEndReturns() async throws {
    let log = Log()
    let consumer = DirectConsumer<Int> { log.receive($0) }
    let task = await started(consumer, log: log)
    consumer.deliver(7)
    consumer.finish(nil)
    try await task.value
    #expect(log.received == [7])
  }

  @Test func aSubscriptionThatFailsAtOnceEndsTheRunWithoutWaiting() async throws {
    let consumer = DirectConsumer<Int> { _ in }
    await #expect(throws: MotionError.managerNotCreated(AnyHashableSendable("gone"))) {
      try await consumer.run {
        consumer.finish(.managerNotCreated(AnyHashableSendable("gone")))
        return nil
      }
    }
  }

  @Test func anAlreadyCancelledEffectUnsubscribesAtOnce() async throws {
    let log = Log()
    let consumer = DirectConsumer<Int> { log.receive($0) }
    let task = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      try await consumer.run { { log.unsubscribe() } }
    }
    await #expect(throws: CancellationError.self) { try await task.value }
    #expect(log.unsubscribed == 1)
  }

  @Test func theStateMachineDecidesEachRace() {
    // The end comes before the task waits: the wait returns it at once.
    var ended = DirectConsumerState()
    let resumedByEnd = ended.finish(.managerNotCreated(AnyHashableSendable(1)))
    #expect(resumedByEnd == nil, "no task waits yet")
    #expect(!ended.isReceiving)
    // A cancellation after the end neither unsubscribes nor resumes anything.
    let (waiter, unsubscribe) = ended.cancel()
    #expect(waiter == nil && unsubscribe == nil)

    // Cancelled before the subscription was attached: attaching asks to unsubscribe at once.
    var cancelled = DirectConsumerState()
    _ = cancelled.cancel()
    let unsubscribeNow = cancelled.attach {}
    #expect(unsubscribeNow)
    #expect(!cancelled.isReceiving)

    // Attached while receiving: kept for the cancellation.
    var receiving = DirectConsumerState()
    let unsubscribeAtOnce = receiving.attach {}
    #expect(!unsubscribeAtOnce)
    #expect(receiving.isReceiving)
    let kept = receiving.cancel().1
    #expect(kept != nil)
  }
}
