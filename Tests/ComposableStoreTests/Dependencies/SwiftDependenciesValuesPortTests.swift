// swift-dependencies' DependencyValuesTests (MIT licence, Point-Free,
// github.com/pointfreeco/swift-dependencies, Tests/DependenciesTests/DependencyValuesTests.swift)
// not ported in SwiftDependenciesPortTests or SwiftDependenciesPreparePortTests, under their
// upstream names. Foundation's `Date` and `UUID` are `Timestamp` and `UniqueID`, `LockIsolated`
// a `Mutex`, `XCTExpectFailure` `withKnownIssue`, and `DispatchQueue.main` (no main loop in a
// Linux test) a global queue. Upstream resets the dependencies before every test: the suite's
// `.dependencies` trait does it here.
import ComposableSensorsTesting
import ComposableStore
import Dispatch
import Synchronization
import Testing

private let someDate = Timestamp(timeIntervalSince1970: 1_234_567_890)

private enum TestKey: TestDependencyKey {
  static let testValue = 42
}

/// Upstream's `ReuseClient`: a test value with state of its own (shared with
/// SwiftDependenciesMiscPortTests).
struct ReuseClient: TestDependencyKey {
  var count: @Sendable () -> Int
  var setCount: @Sendable (Int) -> Void
  static var testValue: Self {
    let count = Counter()
    return Self(
      count: { count.value.withLock { $0 } },
      setCount: { value in count.value.withLock { $0 = value } })
  }
  final class Counter: Sendable { let value = Mutex(0) }
}

private actor CachedDependency: TestDependencyKey {
  static var testValue: CachedDependency { CachedDependency() }
  private var count = 0
  func increment() -> Int {
    count += 1
    return count
  }
}

private struct CountInitDependency: TestDependencyKey {
  static let initCount = Mutex(0)
  var fetch: @Sendable () -> Int
  static var testValue: Self {
    initCount.withLock { $0 += 1 }
    return Self { 42 }
  }
}

extension DependencyValues {
  fileprivate var missingLiveDependency: Int { self[TestKey.self] }
  var reuseClient: ReuseClient {
    get { self[ReuseClient.self] }
    set { self[ReuseClient.self] = newValue }
  }
  fileprivate var fullDependency: FullDependency {
    get { self[FullDependency.self] }
    set { self[FullDependency.self] = newValue }
  }
  fileprivate var optionalDependency: String? {
    get { self[OptionalDependencyKey.self] }
    set { self[OptionalDependencyKey.self] = newValue }
  }
  fileprivate var cachedDependency: CachedDependency {
    get { self[CachedDependency.self] }
    set { self[CachedDependency.self] = newValue }
  }
  fileprivate var countInitDependency: CountInitDependency { self[CountInitDependency.self] }
}

/// Whether `issue` is the upstream "has no live implementation" text for `reference`.
private func isMissingLiveValue(_ issue: Issue, _ reference: String) -> Bool {
  issue.comments.contains {
    $0.rawValue == """
      \(reference) has no live implementation, but was accessed from a live context.

        Key:
          TestKey
        Value:
          Int

      To fix you can do one of two things:

      • Conform 'TestKey' to the 'DependencyKey' protocol by providing a live implementation \
      of your dependency, and make sure that the conformance is linked with this current \
      application.

      • Override the implementation of 'TestKey' using 'withDependencies'. This is typically \
      done at the entry point of your application, but can be done later too.
      """
  }
}

/// Runs `body` on a Dispatch thread and waits for it.
private func onQueue(_ body: @escaping @Sendable () -> Void) async {
  await withCheckedContinuation { continuation in
    DispatchQueue.global().async {
      body()
      continuation.resume()
    }
  }
}

@Suite(.dependencies) struct SwiftDependenciesValuesPortTests {
  init() { installIssueReporter() }

  /// Upstream's message has a `Location:` line the wrapper cannot know here (DifferencesFromTCA).
  @Test func testMissingLiveValue() {
    withKnownIssue {
      withDependencies {
        $0.context = .live
      } operation: {
        @Dependency(\.missingLiveDependency) var missingLiveDependency: Int
        _ = missingLiveDependency
      }
    } matching: {
      isMissingLiveValue($0, #"@Dependency(\.missingLiveDependency)"#)
    }
  }

  @Test func testMissingLiveValue_Type() {
    withKnownIssue {
      withDependencies {
        $0.context = .live
      } operation: {
        @Dependency(TestKey.self) var missingLiveDependency: Int
        _ = missingLiveDependency
      }
    } matching: {
      isMissingLiveValue($0, "@Dependency(TestKey.self)")
    }
  }

  @Test func testWithValues() {
    let date = withDependencies {
      $0.date = .constant(someDate)
    } operation: { () -> Timestamp in
      @Dependency(\.date) var date
      return date.now
    }

    let defaultDate = withDependencies {
      $0.context = .live
    } operation: { () -> Timestamp in
      @Dependency(\.date) var date
      return date.now
    }

    #expect(date == someDate)
    #expect(defaultDate != someDate)
  }

  @Test func testWithValue() {
    withDependencies {
      $0.context = .live
    } operation: {
      let date = withDependencies {
        $0.date = .constant(someDate)
      } operation: { () -> Timestamp in
        @Dependency(\.date) var date
        return date.now
      }

      #expect(date == someDate)
      #expect(DependencyValues._current.date.now != someDate)
    }
  }

  @Test func testSetDependencyAcrossMultipleLines() {
    withDependencies {
      $0.date = .constant(someDate)
      $0.date = .constant(Timestamp(timeIntervalSince1970: someDate.timeIntervalSince1970 + 10))
    } operation: {
      @Dependency(\.date) var date
      #expect(date.now == Timestamp(timeIntervalSince1970: someDate.timeIntervalSince1970 + 10))
    }
  }

  @Test func testOptionalDependency() {
    for value in [nil, ""] {
      withDependencies {
        $0.optionalDependency = value
      } operation: {
        @Dependency(\.optionalDependency) var optionalDependency: String?
        #expect(optionalDependency == value)
      }
    }
  }

  @Test func testOptionalDependencyLive() {
    withDependencies {
      $0.context = .live
    } operation: {
      @Dependency(\.optionalDependency) var optionalDependency: String?
      #expect(optionalDependency == "live")
    }

    withDependencies {
      $0.context = .live
      $0.optionalDependency = nil
    } operation: {
      @Dependency(\.optionalDependency) var optionalDependency: String?
      #expect(optionalDependency == nil)
    }
  }

  @Test func testDependencyDefaultIsReused() {
    withDependencies {
      $0 = .init()
    } operation: {
      withDependencies {
        $0.context = .test
      } operation: {
        @Dependency(\.reuseClient) var reuseClient: ReuseClient

        #expect(reuseClient.count() == 0)
        reuseClient.setCount(42)
        #expect(reuseClient.count() == 42)
      }
    }
  }

  @Test func testAccessingTestDependencyFromLiveContext_WhenUpdatingDependencies() {
    @Dependency(\.reuseClient) var reuseClient: ReuseClient

    withDependencies {
      $0.context = .live
    } operation: {
      withDependencies {
        #expect($0.reuseClient.count() == 0)
        #expect(reuseClient.count() == 0)
      } operation: {
        withKnownIssue {
          #expect(reuseClient.count() == 0)
        } matching: {
          $0.comments.contains {
            $0.rawValue.hasPrefix(
              """
              @Dependency(\\.reuseClient) has no live implementation, but was accessed from a \
              live context.
              """)
          }
        }
      }
    }
  }

  @Test func testNestedWithTestValues() {
    withDependencies {
      $0.date.now = Timestamp(timeIntervalSince1970: 1_234_567_890)
    } operation: {
      withDependencies {
        $0.uuid = .incrementing
      } operation: {
        #expect(
          DependencyValues._current.date.now == Timestamp(timeIntervalSince1970: 1_234_567_890))
        #expect(
          DependencyValues._current.uuid()
            == UniqueID(uuidString: "00000000-0000-0000-0000-000000000000"))
        #expect(DependencyValues._current.context == .test)
      }
    }
  }

  @Test func testEscape() async {
    let values = await withDependencies {
      $0.fullDependency.value = 42
    } operation: {
      await withEscapedDependencies { continuation in
        await withCheckedContinuation { (done: CheckedContinuation<[Int], Never>) in
          DispatchQueue.global().async {
            let first = continuation.yield {
              @Dependency(\.fullDependency.value) var value: Int
              return value
            }
            DispatchQueue.global().async {
              continuation.yield {
                @Dependency(\.fullDependency.value) var value: Int
                done.resume(returning: [first, value])
              }
            }
          }
        }
      }
    }
    #expect(values == [42, 42])
  }

  @Test func testAsyncStreamUnfoldingWithoutEscapedDependencies() async {
    let stream = withDependencies {
      $0.fullDependency.value = 42
    } operation: { () -> AsyncStream<Int> in
      let isDone = Mutex(false)
      return AsyncStream(unfolding: {
        defer { isDone.withLock { $0 = true } }
        @Dependency(\.fullDependency.value) var value
        return isDone.withLock { $0 } ? nil : value
      })
    }

    let values = await stream.reduce([]) { $0 + [$1] }
    #expect(values == [3], "Dependency change does not propagate.")
  }

  @Test func testAsyncStreamUnfoldingWithEscapedDependencies() async {
    let stream = withDependencies {
      $0.fullDependency.value = 42
    } operation: { () -> AsyncStream<Int> in
      let isDone = Mutex(false)
      return withEscapedDependencies { continuation in
        AsyncStream(unfolding: {
          continuation.yield {
            defer { isDone.withLock { $0 = true } }
            @Dependency(\.fullDependency.value) var value
            return isDone.withLock { $0 } ? nil : value
          }
        })
      }
    }

    let values = await stream.reduce([]) { $0 + [$1] }
    #expect(values == [42], "Dependency change does propagate.")
  }

  @Test func testCachePollution1() async {
    @Dependency(\.cachedDependency) var cachedDependency: CachedDependency
    let value = await cachedDependency.increment()
    #expect(value == 1)
  }

  @Test func testCachePollution2() async {
    @Dependency(\.cachedDependency) var cachedDependency: CachedDependency
    let value = await cachedDependency.increment()
    #expect(value == 1)
  }

  /// Upstream runs 1,000 rounds; 100 here keep the unit step fast (the `.stress` step has more).
  @Test func testThreadSafety() async {
    let runCount = 100
    let taskCount = 100

    for _ in 1...runCount {
      defer { CountInitDependency.initCount.withLock { $0 = 0 } }
      await withDependencies {
        $0 = .test
      } operation: {
        await withTaskGroup(of: Void.self) { group in
          for _ in 1...taskCount {
            group.addTask {
              @Dependency(\.countInitDependency) var countInitDependency: CountInitDependency
              let _ = countInitDependency.fetch()
            }
          }
          for await _ in group {}
        }
        #expect(CountInitDependency.initCount.withLock { $0 } == 1)
      }
    }
  }

  /// Upstream blocks the main thread for 0.1 s while a queue binds dependencies; here the test's
  /// task reads while the queue's thread binds, with no real-time wait.
  @Test func testDeadlock() async {
    async let queued: Void = onQueue {
      withDependencies {
        $0.date = $0.date
      } operation: {
        @Dependency(\.date) var date
        _ = date
      }
    }
    @Dependency(\.date) var date
    _ = date
    await queued
  }
}

private enum OptionalDependencyKey: DependencyKey {
  static let liveValue: String? = "live"
  static let testValue: String? = nil
}

/// swift-dependencies' `testParentModelWithoutDependencies`: a model returned by a
/// `withDependencies` operation passes its dependencies on without holding any itself.
@Suite(.dependencies) struct SwiftDependenciesParentModelPortTests {
  @Test func testParentModelWithoutDependencies() {
    class Child {
      @Dependency(\.date) var date
    }
    class Parent {
      func child() -> Child {
        withDependencies(from: self) {
          Child()
        }
      }
    }

    let parent = withDependencies {
      $0.date.now = Timestamp(timeIntervalSince1970: 1_234_567_890)
    } operation: {
      Parent()
    }

    let child = parent.child()

    #expect(child.date.now == Timestamp(timeIntervalSince1970: 1_234_567_890))
  }
}
