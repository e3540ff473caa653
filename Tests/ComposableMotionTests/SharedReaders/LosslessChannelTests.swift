import SensorsCore
import Synchronization
import Testing

/// The bounded hand-over behind replay streams (lossless, the producer waits) and location
/// manager streams (live feeds drop the oldest and count).
@Suite struct LosslessChannelTests {
  @Test func sendWaitsWhileTheBufferIsFullAndLosesNothing() async {
    let channel = LosslessChannel<Int>(limit: 2)
    let stream = channel.makeStream()
    let sent = Mutex(0)
    let producer = Task {
      for value in 1...100 {
        guard await channel.send(value) else { return }
        sent.withLock { $0 += 1 }
      }
      channel.finish()
    }
    var received: [Int] = []
    var iterator = stream.makeAsyncIterator()
    while let value = try? await iterator.next() {
      received.append(value)
      // However far the producer got, it never ran more than the buffer (and the element in
      // hand) ahead of the consumer.
      #expect(sent.withLock { $0 } <= received.count + 3)
    }
    await producer.value
    #expect(received == Array(1...100))
  }

  @Test func yieldDropsTheOldestWhenFullAndCountsIt() async throws {
    let channel = LosslessChannel<Int>(limit: 3)
    let stream = channel.makeNonThrowingStream()
    let dropped = (1...5).map { channel.yield($0) }
    #expect(dropped == [0, 0, 0, 1, 1])
    channel.finish()
    var received: [Int] = []
    for await value in stream { received.append(value) }
    #expect(received == [3, 4, 5])
    #expect(channel.yield(6) == 0, "a closed channel takes nothing and drops nothing")
  }

  @Test func cancellingTheConsumerEndsItsLoopAndRunsOnTerminationOnce() async throws {
    let channel = LosslessChannel<Int>(limit: 1)
    let terminations = Mutex(0)
    channel.setOnTermination { terminations.withLock { $0 += 1 } }
    let stream = channel.makeStream()
    let consumer = Task {
      var count = 0
      for try await _ in stream { count += 1 }
      return count
    }
    #expect(await channel.send(1))
    consumer.cancel()
    #expect(try await consumer.value <= 1, "the loop ends instead of waiting for more")
    #expect(await channel.send(2) == false, "a terminated channel refuses elements")
    channel.finish()
    #expect(terminations.withLock { $0 } == 1)
  }

  @Test func aProducerWaitingForRoomIsReleasedWhenTheConsumerGoesAway() async {
    let channel = LosslessChannel<Int>(limit: 1)
    var stream: AsyncThrowingStream<Int, any Error>? = channel.makeStream()
    #expect(await channel.send(1))
    let producer = Task { await channel.send(2) }  // the buffer holds 1: it waits, or is refused
    #expect(stream != nil)
    stream = nil
    #expect(await producer.value == false)
  }

  @Test func releasingTheStreamTerminatesTheChannel() async {
    let channel = LosslessChannel<Int>(limit: 1)
    let terminated = Mutex(false)
    channel.setOnTermination { terminated.withLock { $0 = true } }
    do {
      let stream = channel.makeStream()
      _ = stream
    }
    #expect(terminated.withLock { $0 })
    #expect(await channel.send(1) == false)
  }
}
