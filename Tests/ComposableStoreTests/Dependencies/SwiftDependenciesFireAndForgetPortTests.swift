// swift-dependencies' FireAndForgetTests (MIT licence, Point-Free,
// github.com/pointfreeco/swift-dependencies, Tests/DependenciesTests/FireAndForgetTests.swift),
// under their upstream names. Upstream's real-time sleeps (100 ms to 1 s) are gates the test
// opens, so nothing waits on the wall clock; `LockIsolated` is a `Mutex`, `Date` `Timestamp`.
// `testLiveContext_DependencyAccess`, which upstream skips on Linux, runs here.
import ComposableSensorsTesting
import ComposableStore
import Synchronization
import Testing

/// A one-shot signal a test opens and an operation waits for (or the other way round).
private struct Gate: Sendable {
  let stream: AsyncStream<Void>
  let continuation: AsyncStream<Void>.Continuation
  init() { (stream, continuation) = AsyncStream.makeStream() }
  func open() { continuation.yield() }
  func wait() async {
    for await _ in stream { return }
  }
}

private final class Flag: Sendable {
  let value = Mutex(false)
  var isSet: Bool { value.withLock { $0 } }
  func set() { value.withLock { $0 = true } }
}

@Suite(.dependencies) struct FireAndForgetTests {
  @Dependency(\.fireAndForget) var fireAndForget

  init() { installIssueReporter() }

  @Test func testTestContext() async throws {
    let didExecute = Flag()

    await self.fireAndForget {
      await Task.yield()
      didExecute.set()
    }

    #expect(didExecute.isSet)
  }

  @Test func testTestContext_Cancellation() async throws {
    let didExecute = Flag()
    let started = Gate()
    let resume = Gate()
    let fireAndForget = self.fireAndForget

    let task = Task {
      await fireAndForget {
        started.open()
        await resume.wait()
        didExecute.set()
      }
    }
    await started.wait()
    task.cancel()
    resume.open()
    await task.value

    #expect(didExecute.isSet)
  }

  @Test func testLiveContext() async throws {
    await withDependencies {
      $0.context = .live
    } operation: {
      let didExecute = Flag()
      let resume = Gate()
      let finished = Gate()

      await self.fireAndForget {
        await resume.wait()
        didExecute.set()
        finished.open()
      }

      #expect(!didExecute.isSet)

      resume.open()
      await finished.wait()
      #expect(didExecute.isSet)
    }
  }

  @Test func testLiveContext_DependencyAccess() async {
    await withDependencies {
      $0.context = .live
      $0.date.now = Timestamp(timeIntervalSince1970: 1_234_567_890)
    } operation: {
      let (dates, date) = AsyncStream<Timestamp>.makeStream()

      await self.fireAndForget(priority: .userInitiated) {
        @Dependency(\.date.now) var now: Timestamp
        date.yield(now)
      }

      var value: Timestamp?
      for await now in dates {
        value = now
        break
      }
      #expect(value == Timestamp(timeIntervalSince1970: 1_234_567_890))
    }
  }

  @Test func failure() async {
    @Dependency(\.fireAndForget) var fireAndForget
    struct Failure: Error {}
    await withKnownIssue {
      await fireAndForget {
        throw Failure()
      }
    } matching: {
      $0.description.contains("Failure()")
    }
  }
}
