import SensorsCore
import Synchronization
import Testing

@testable import ComposableMotion

/// How a live reader runs the consumers of its streams on its own thread: a consumer that
/// iterates with a `ReaderThreadExecutor` as its task executor preference (as the client's
/// update effects do) resumes on the thread that fed it, inside that thread's delivery; every
/// other resumption goes to the executor's fallback (the pool, or the executor the effect
/// inherited). The tests stand in for the reader with a thread of their own and wait on its
/// result, never on time.
@Suite struct ReaderThreadExecutorTests {
  let executor = ReaderThreadExecutor(fallback: nil)

  @Test func aConsumerThatOptedInRunsOnTheFeedingThreadBeforeTheDeliveryReturns() async throws {
    let (stream, feed) = AsyncStream.makeStream(of: Int.self)
    let seen = Seen()
    let (reader, consumer, afterEachDelivery) = try await onOwnThread {
      [executor] in
      // Started inside a delivery, the consumer's first job runs here too, up to its first
      // suspension: from then on it is waiting on the stream.
      let consumer = ReaderThreadExecutor.collecting {
        Task(executorPreference: executor) {
          var count = 0
          for await value in stream {
            seen.record(value)
            count += 1
          }
          return count
        }
      }
      var afterEachDelivery: [[Int]] = []
      for value in 1...3 {
        ReaderThreadExecutor.collecting { _ = feed.yield(value) }
        afterEachDelivery.append(seen.values)
      }
      return (currentThreadID(), consumer, afterEachDelivery)
    }
    #expect(afterEachDelivery == [[1], [1, 2], [1, 2, 3]], "each, before its delivery returned")
    #expect(seen.threads == [reader, reader, reader], "on the feeding thread")

    // Finished from here, outside any delivery: the consumer ends on the pool.
    feed.finish()
    #expect(await consumer.value == 3)
  }

  @Test func resumptionsFromOutsideADeliveryGoToThePool() async {
    let (stream, feed) = AsyncStream.makeStream(of: Int.self)
    let consumer = Task(executorPreference: executor) {
      var sum = 0
      for await value in stream { sum += value }
      return sum
    }
    for value in 1...100 { feed.yield(value) }
    feed.finish()
    #expect(await consumer.value == 5050, "nothing waits for a reader that is not delivering")
  }

  @Test func resumptionsFromOutsideADeliveryGoToTheFallback() async {
    let fallback = CountingExecutor()
    let (stream, feed) = AsyncStream.makeStream(of: Int.self)
    let consumer = Task(executorPreference: ReaderThreadExecutor(fallback: fallback)) {
      var sum = 0
      for await value in stream { sum += value }
      return sum
    }
    for value in 1...10 { feed.yield(value) }
    feed.finish()
    #expect(await consumer.value == 55)
    #expect(fallback.enqueued > 0, "a TestStore's serial executor would have run them")
  }

  @Test func consumersThatKeepResumingEachOtherHoldTheReaderForAFewRoundsOnly() async throws {
    // Two consumers passing a value back and forth: each pass resumes the other, one job, one
    // round of the delivery that started it.
    let (ping, toPing) = AsyncStream.makeStream(of: Int.self)
    let (pong, toPong) = AsyncStream.makeStream(of: Int.self)
    let seen = Seen()
    let (players, ranOnReader) = try await onOwnThread { [executor] in
      let players = ReaderThreadExecutor.collecting {
        [
          Task(executorPreference: executor) {
            for await value in ping {
              seen.record(value)
              guard value < 100 else { break }
              toPong.yield(value + 1)
            }
            toPong.finish()
          },
          Task(executorPreference: executor) {
            for await value in pong {
              seen.record(value)
              toPing.yield(value + 1)
            }
            toPing.finish()
          },
        ]
      }
      // Both wait on their streams now; one value starts the game.
      ReaderThreadExecutor.collecting { _ = toPing.yield(0) }
      let reader = currentThreadID()
      return (players, seen.threads.filter { $0 == reader }.count)
    }
    #expect(ranOnReader == ReaderThreadExecutor.roundsPerDelivery, "then the pool took over")
    for player in players { await player.value }
    #expect(seen.values == Array(0...100), "every pass, in order, wherever it ran")
  }

  /// What a consumer saw, and on which thread.
  private final class Seen: Sendable {
    private let log = Mutex<[(value: Int, thread: UInt)]>([])
    func record(_ value: Int) { log.withLock { $0.append((value, currentThreadID())) } }
    var values: [Int] { log.withLock { $0.map(\.value) } }
    var threads: [UInt] { log.withLock { $0.map(\.thread) } }
  }

  /// Counts the jobs it is given, and runs them on the pool.
  private final class CountingExecutor: TaskExecutor {
    private let count = Atomic(0)
    var enqueued: Int { count.load(ordering: .relaxed) }
    func enqueue(_ job: consuming ExecutorJob) {
      count.add(1, ordering: .relaxed)
      globalConcurrentExecutor.enqueue(job)
    }
  }
}
