import SensorsCore
import Synchronization
import Testing

@testable import ComposableMotion

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// How a live reader runs the consumers of its streams on its own thread: a consumer that
/// iterates with `ReaderThreadExecutor.shared` as its task executor preference (as the client's
/// update effects do) resumes on the thread that fed it, inside that thread's delivery; every
/// other resumption goes to the pool as usual. The tests stand in for the reader with a thread
/// of their own and wait on its result, never on time.
@Suite struct ReaderThreadExecutorTests {
  let executor = ReaderThreadExecutor.shared

  @Test func aConsumerThatOptedInRunsOnTheFeedingThreadBeforeTheDeliveryReturns() async throws {
    let (stream, feed) = AsyncStream.makeStream(of: Int.self)
    let seen = Seen()
    let (reader, consumer, afterEachDelivery) = try await onOwnThread {
      [executor] in
      // Started inside a delivery, the consumer's first job runs here too, up to its first
      // suspension: from then on it is waiting on the stream.
      let consumer = executor.collecting {
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
        executor.collecting { _ = feed.yield(value) }
        afterEachDelivery.append(seen.values)
      }
      return (Self.currentThread(), consumer, afterEachDelivery)
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

  @Test func consumersThatKeepResumingThemselvesHoldTheReaderForAFewRoundsOnly() async throws {
    let inline = Seen()
    let (consumer, ranOnReader) = try await onOwnThread { [executor] in
      let reader = Self.currentThread()
      let consumer = executor.collecting {
        Task(executorPreference: executor) {
          for _ in 0..<100 {
            if Self.currentThread() == reader { inline.record(0) }
            await Task.yield()
          }
        }
      }
      return (consumer, inline.values.count)
    }
    // How many of the rounds a yield takes is the runtime's business; the bound is ours.
    #expect((1...ReaderThreadExecutor.roundsPerDelivery).contains(ranOnReader))
    await consumer.value  // the pool ran the other iterations
  }

  /// Runs `body` on a new thread, as a reader's, and returns what it returned.
  private func onOwnThread<Result: Sendable>(
    _ body: @escaping @Sendable () -> Result
  ) async throws -> Result {
    try await withCheckedThrowingContinuation { continuation in
      let failure = DetachedThread.start(name: "test reader") {
        continuation.resume(returning: body())
      }
      if let failure { continuation.resume(throwing: ThreadNotStarted(code: failure)) }
    }
  }

  /// What a consumer saw, and on which thread.
  private final class Seen: Sendable {
    private let log = Mutex<[(value: Int, thread: UInt)]>([])
    func record(_ value: Int) { log.withLock { $0.append((value, currentThread())) } }
    var values: [Int] { log.withLock { $0.map(\.value) } }
    var threads: [UInt] { log.withLock { $0.map(\.thread) } }
  }

  private struct ThreadNotStarted: Error { let code: Int32 }

  private static func currentThread() -> UInt { UInt(pthread_self()) }
}
