import ComposableSensorsTesting
import Testing

@Suite struct ScriptedStreamTests {
  struct Unplugged: Error, Equatable {}

  @Test func elementsYieldedBeforeIterationAreBufferedInOrder() async throws {
    let script = ScriptedStream<Int>()
    script.yield(1)
    script.yield(2)
    script.finish()
    script.yield(3)  // after finish: ignored
    #expect(script.bufferedCount == 3, "two elements and the end")
    var seen: [Int] = []
    for try await value in script.stream { seen.append(value) }
    #expect(seen == [1, 2])
  }

  @Test func waitForConsumerReturnsOnceSomeoneIterates() async throws {
    let script = ScriptedStream<Int>()
    #expect(!script.hasConsumer)
    let consumer = Task {
      var seen: [Int] = []
      for try await value in script.stream { seen.append(value) }
      return seen
    }
    await script.waitForConsumer()
    #expect(script.hasConsumer)
    script.yield(7)
    await script.waitForConsumer()
    script.yield(8)
    script.finish()
    #expect(try await consumer.value == [7, 8])
  }

  @Test func failThrowsToTheConsumerAfterBufferedElements() async {
    let script = ScriptedStream<Int>()
    script.yield(1)
    script.fail(Unplugged())
    var seen: [Int] = []
    await #expect(throws: Unplugged.self) {
      for try await value in script.stream { seen.append(value) }
    }
    #expect(seen == [1])
  }

  @Test func cancellingTheConsumerEndsItsLoopAndIsVisible() async throws {
    let script = ScriptedStream<Int>()
    let consumer = Task {
      var count = 0
      for try await _ in script.stream { count += 1 }
      return count
    }
    await script.waitForConsumer()
    consumer.cancel()
    #expect(try await consumer.value == 0)
    #expect(script.isCancelled)
  }

  @Test func waitingWithoutAConsumerTimesOutWithAMessage() async {
    let script = ScriptedStream<Int>()
    await withKnownIssue {
      await script.waitForConsumer(timeout: .milliseconds(20))
    } matching: { issue in
      text(of: issue).hasPrefix(
        "ScriptedStream.waitForConsumer() timed out after 0.02 seconds: nothing iterates the stream."
      )
    }
  }
}

@Suite struct ScriptedNonThrowingStreamTests {
  struct Unplugged: Error {}

  @Test func theNonThrowingStreamPlaysTheSameScript() async {
    let script = ScriptedStream<Int>()
    let consumer = Task {
      var seen: [Int] = []
      for await value in script.nonThrowingStream { seen.append(value) }
      return seen
    }
    await script.waitForConsumer()
    script.yield(1)
    await script.waitForConsumer()
    script.yield(2)
    script.finish()
    #expect(await consumer.value == [1, 2])
    #expect(script.bufferedCount == 0)
  }

  @Test func failEndsTheNonThrowingStreamAfterBufferedElements() async {
    let script = ScriptedStream<String>()
    script.yield("fix")
    script.fail(Unplugged())
    var seen: [String] = []
    for await value in script.nonThrowingStream { seen.append(value) }
    #expect(seen == ["fix"])
  }

  @Test func cancellingTheNonThrowingConsumerIsVisible() async {
    let script = ScriptedStream<Int>()
    let consumer = Task {
      var count = 0
      for await _ in script.nonThrowingStream { count += 1 }
      return count
    }
    await script.waitForConsumer()
    consumer.cancel()
    #expect(await consumer.value == 0)
    #expect(script.isCancelled)
    script.yield(5)
    #expect(script.bufferedCount == 0, "a cancelled consumer takes nothing more")
  }
}
