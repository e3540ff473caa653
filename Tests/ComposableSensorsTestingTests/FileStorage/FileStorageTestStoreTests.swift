import ComposableSensorsTesting
import ComposableStore
import Foundation
import Testing

/// A feature keeping a counter in a file.
private struct FileCounter: Reducer {
  struct State: Equatable, Sendable {
    @Shared var count: Int

    init(path: String) {
      _count = Shared(wrappedValue: 0, .fileStorage(path))
    }
  }

  enum Action: Equatable, Sendable {
    case increment
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    state.count += 1
    return .none
  }
}

/// `.fileStorage` changes asserted in the `TestStore`, as TCA asserts shared state.
@Suite struct FileStorageTestStoreTests {
  let directory: TemporaryDirectory

  init() throws {
    directory = try TemporaryDirectory()
  }

  @Test func aChangeIsAssertedAndWritten() async throws {
    let store = TestStore(initialState: FileCounter.State(path: directory.file("count.json"))) {
      FileCounter()
    } withDependencies: {
      $0.defaultFileStorage = .immediate
    }
    await store.send(.increment) { $0.count = 1 }
    #expect(try directory.text("count.json") == "1")
    await store.send(.increment) { $0.count = 2 }
    #expect(try directory.text("count.json") == "2")
  }

  @Test func aChangeNotAssertedFailsTheTest() async throws {
    let store = TestStore(initialState: FileCounter.State(path: directory.file("count.json"))) {
      FileCounter()
    } withDependencies: {
      $0.defaultFileStorage = .immediate
    }
    await withKnownIssue {
      await store.send(.increment)
    } matching: { issue in
      issue.comments.contains {
        $0.rawValue.contains("−   _count: 0") && $0.rawValue.contains("+   _count: 1")
      }
    }
    #expect(try directory.text("count.json") == "1", "the reducer's change is written")
  }

  @Test func aChangeMadeElsewhereIsWhatTheNextActionSees() async throws {
    let store = TestStore(initialState: FileCounter.State(path: directory.file("count.json"))) {
      FileCounter()
    } withDependencies: {
      $0.defaultFileStorage = .immediate
    }
    await store.send(.increment) { $0.count = 1 }
    try directory.replace("count.json", with: "10")
    await store.send(.increment) { $0.count = 11 }
    #expect(try directory.text("count.json") == "11")
  }

  @Test func aCorruptFileSeenByAReducerFailsTheTest() async throws {
    let store = TestStore(initialState: FileCounter.State(path: directory.file("count.json"))) {
      FileCounter()
    } withDependencies: {
      $0.defaultFileStorage = .immediate
    }
    try directory.writeInPlace("garbage", to: "count.json")
    await withKnownIssue {
      await store.send(.increment) { $0.count = 1 }
    } matching: { issue in
      issue.comments.contains { $0.rawValue.contains("is not valid JSON") }
    }
  }

  /// As a user would test a feature keeping a sensor-rate value in a file: every action changes
  /// it, and the file is written once at the first change and once per second after.
  @Test func aChangeOnEveryActionIsWrittenOncePerSecond() async throws {
    let clock = TestClock()
    let path = directory.file("count.json")
    let store = TestStore(initialState: FileCounter.State(path: path)) {
      FileCounter()
    } withDependencies: {
      $0.continuousClock = clock
      $0.defaultFileStorage = .fileSystem(throttle: .seconds(1))
    }
    await store.send(.increment) { $0.count = 1 }
    #expect(try directory.text("count.json") == "1", "the first change is written at once")
    for count in 2...50 {
      await store.send(.increment) { $0.count = count }
    }
    #expect(try directory.text("count.json") == "1", "later changes wait for the window")
    await clock.advance(by: .milliseconds(999))
    #expect(try directory.text("count.json") == "1")
    await clock.advance(by: .milliseconds(1))
    #expect(try directory.text("count.json") == "50", "the newest change, at the window's end")
    await store.send(.increment) { $0.count = 51 }
    await clock.advance(by: .seconds(1))
    #expect(try directory.text("count.json") == "51")
    await clock.advance(by: .seconds(1))
    #expect(clock.sleeperCount == 0, "a quiet window closes")
  }
}
