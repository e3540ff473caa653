import ComposableSensorsTesting
import ComposableStore
import Foundation
import Synchronization
import Testing

/// The users TCA's FileStorageTests keep in a file.
private struct User: Codable, Equatable, Sendable {
  var id: Int
  var name: String
  static let blob = User(id: 1, name: "Blob")
  static let blobJr = User(id: 2, name: "Blob Jr.")
  static let blobSr = User(id: 3, name: "Blob Sr.")
  static let blobEsq = User(id: 4, name: "Blob Esq.")
}

/// Throttled `.fileStorage` writes (``FileStorage/fileSystem(throttle:)``) on a real file system,
/// timed by a `TestClock` as `\.continuousClock`: TCA's FileStorageTests that test throttling,
/// under their upstream names, with its `DispatchQueue.test` scheduler replaced by the clock
/// and its in-memory file system by a fresh directory.
///
/// The first change's write is made at once but off the caller's thread, by a writer task that
/// then sleeps on the clock for the window: `waitForSleepers(1)` is how a test sees that write
/// land (upstream's scheduler wrote it on the caller's thread).
@Suite struct FileStorageThrottleTests {
  let directory: TemporaryDirectory
  let clock = TestClock()
  let storage = FileStorage.fileSystem(throttle: .seconds(1))

  init() throws {
    directory = try TemporaryDirectory()
  }

  /// The users in `file.json`; `nil` when there is no file.
  private func fileUsers() throws -> [User]? {
    let path = directory.file("file.json")
    guard FileManager.default.fileExists(atPath: path) else { return nil }
    return try JSONDecoder().decode([User].self, from: Data(contentsOf: URL(fileURLWithPath: path)))
  }

  /// Runs `body` with its own reference table, `storage` and `clock`, its writer tasks on a
  /// serial executor the clock drains.
  private func throttled(_ body: () async throws -> Void) async throws {
    try await withSerialExecutor {
      try await withDependencies {
        $0.defaultInMemoryStorage = InMemoryStorage()
        $0.defaultFileStorage = storage
        $0.continuousClock = clock
      } operation: {
        try await body()
      }
    }
  }

  @Test func testThrottle() async throws {
    let path = directory.file("file.json")
    try await throttled { () async throws in
      @Shared(.fileStorage(path)) var users = [User]()
      #expect(try fileUsers() == nil)

      users.append(.blob)
      await clock.waitForSleepers(1)
      #expect(try fileUsers() == [.blob])

      users.append(.blobJr)
      await clock.advance(by: .seconds(1) - .milliseconds(1))
      #expect(try fileUsers() == [.blob])

      users.append(.blobSr)
      await clock.advance(by: .milliseconds(1))
      #expect(try fileUsers() == [.blob, .blobJr, .blobSr])

      await clock.advance(by: .seconds(1))
      #expect(try fileUsers() == [.blob, .blobJr, .blobSr])
      #expect(clock.sleeperCount == 0, "a window with no change closes, and its writer ends")

      await clock.advance(by: .seconds(0.5))
      users.append(.blobEsq)
      await clock.waitForSleepers(1)
      #expect(try fileUsers() == [.blob, .blobJr, .blobSr, .blobEsq])
    }
  }

  @Test func testNoThrottling() async throws {
    let path = directory.file("file.json")
    try await throttled { () async throws in
      @Shared(.fileStorage(path)) var users = [User]()
      #expect(try fileUsers() == nil)

      users.append(.blob)
      await clock.waitForSleepers(1)
      #expect(try fileUsers() == [.blob])

      await clock.advance(by: .seconds(2))
      users.append(.blobJr)
      await clock.waitForSleepers(1)
      #expect(try fileUsers() == [.blob, .blobJr])
    }
  }

  /// Upstream posts `willResignActiveNotification`; here the app calls `flush()`.
  @Test func testWillResign() async throws {
    let path = directory.file("file.json")
    try await throttled { () async throws in
      @Shared(.fileStorage(path)) var users = [User]()
      #expect(try fileUsers() == nil)

      users.append(.blob)
      users.append(.blobJr)
      await clock.waitForSleepers(1)
      #expect(try fileUsers() == [.blob, .blobJr], "the first write takes the newest value")

      users.append(.blobSr)
      #expect(try fileUsers() == [.blob, .blobJr])
      storage.flush()
      #expect(try fileUsers() == [.blob, .blobJr, .blobSr])

      await clock.advance(by: .seconds(1))
      #expect(clock.sleeperCount == 0, "the flush left nothing for the window's end")
    }
  }

  /// Upstream posts `willTerminateNotification`; here the last reference to the file goes away
  /// (the process's exit runs `FileStorage.flushAll()`, which writes the same way).
  @Test func testWillTerminate() async throws {
    let path = directory.file("file.json")
    await withSerialExecutor {
      await withDependencies {
        $0.defaultFileStorage = storage
        $0.continuousClock = clock
      } operation: {
        // Made in a reference table of its own, which the writer task (started by the change,
        // outside this scope) does not inherit: the shared value's last holder is `users`.
        var users = withDependencies {
          $0.defaultInMemoryStorage = InMemoryStorage()
        } operation: {
          Shared(wrappedValue: [User](), .fileStorage(path))
        }
        users.wrappedValue.append(.blob)
        await clock.waitForSleepers(1)
        users.wrappedValue.append(.blobJr)
        #expect((try? fileUsers()) == [.blob])
      }
    }
    #expect(try fileUsers() == [.blob, .blobJr])
    await clock.waitForSleepers(atMost: 0)
  }

  /// Upstream writes the file behind the key's back with nothing pending, and expects no later
  /// save to touch it. Here the file system is real, so the change made elsewhere is also read
  /// back.
  @Test func testWriteFileWhileThrottling() async throws {
    let path = directory.file("file.json")
    try await throttled { () async throws in
      @Shared(.fileStorage(path)) var users = [User]()

      users.append(.blob)
      await clock.waitForSleepers(1)
      #expect(try fileUsers() == [.blob])

      try directory.replace("file.json", with: #"[{"id":2,"name":"Blob Jr."}]"#)
      await clock.run()
      #expect(users == [.blobJr])
      #expect(try fileUsers() == [.blobJr])
    }
  }

  /// Upstream's file system recreates the deleted file empty; here it stays deleted.
  @Test func testCancelThrottleWhenFileIsDeleted() async throws {
    let path = directory.file("file.json")
    try await throttled { () async throws in
      @Shared(.fileStorage(path)) var users = [User.blob]
      #expect(users == [.blob])

      $users.withLock { $0 = [.blobJr] }  // Written at once.
      await clock.waitForSleepers(1)
      $users.withLock { $0 = [.blobSr] }  // Throttled for 1 second.
      try FileManager.default.removeItem(atPath: path)
      await clock.advance(by: .seconds(1.2))
      #expect(users == [.blob])
      #expect(try fileUsers() == nil)
    }
  }

  /// Upstream's `testLivePersistence`: a change, then the flush an app makes when it resigns
  /// active, and the value is in the file.
  @Test func testLivePersistence() async throws {
    let path = directory.file("file.json")
    try await throttled { () async throws in
      @Shared(.fileStorage(path)) var users = [User]()
      $users.withLock { $0.append(.blob) }
      storage.flush()
      #expect(try fileUsers() == [.blob])
    }
  }

  @Test func ourPendingChangeIsNotReplacedByReadingBackOurOlderFile() async throws {
    let path = directory.file("file.json")
    try await throttled { () async throws in
      @Shared(.fileStorage(path)) var users = [User]()
      users.append(.blob)
      await clock.waitForSleepers(1)
      users.append(.blobJr)
      #expect(users == [.blob, .blobJr], "the file holds our older write: not read back")
      #expect(try fileUsers() == [.blob])
      await clock.advance(by: .seconds(1))
      #expect(try fileUsers() == [.blob, .blobJr])
    }
  }

  @Test func aChangeMadeElsewhereDuringTheWindowWinsOverOursAndIsNotOverwritten() async throws {
    let path = directory.file("file.json")
    try await throttled { () async throws in
      @Shared(.fileStorage(path)) var users = [User]()
      users.append(.blob)
      await clock.waitForSleepers(1)
      users.append(.blobJr)
      try directory.replace("file.json", with: #"[{"id":4,"name":"Blob Esq."}]"#)
      await clock.advance(by: .seconds(1))
      #expect(try fileUsers() == [.blobEsq], "the window's end does not overwrite a newer file")
      #expect(users == [.blobEsq])
      users.append(.blobSr)
      await clock.run()
      #expect(try fileUsers() == [.blobEsq, .blobSr])
    }
  }

  @Test func aWriteFailingInTheWindowIsReportedAndKeptInMemory() async throws {
    // A regular file where a directory should be: unwritable even for root.
    try directory.writeInPlace("", to: "blocker")
    let path = directory.file("blocker/file.json")
    let warnings = Warnings()
    try await RuntimeWarning.$reporter.withValue(warnings.reporter) {
      try await throttled { () async throws in
        @Shared(.fileStorage(path)) var users = [User]()
        users.append(.blob)
        await clock.waitForSleepers(1)
        #expect(users == [.blob])
        guard case .unwritable(path, _)? = $users.loadError as? FileStorageError else {
          Issue.record("expected an unwritable error, got \(String(describing: $users.loadError))")
          return
        }
        users.append(.blobJr)
        await clock.advance(by: .seconds(1))
        #expect(users == [.blob, .blobJr])
      }
    }
    #expect(warnings.messages.count == 2, "each failed write is reported: \(warnings.messages)")
    #expect(warnings.messages.allSatisfy { $0.hasPrefix("cannot write the shared value's file") })
  }

  @Test func aFlushWithNothingPendingWritesNothing() async throws {
    let path = directory.file("file.json")
    try await throttled { () async throws in
      @Shared(.fileStorage(path)) var users = [User]()
      storage.flush()
      #expect(try fileUsers() == nil)
      users.append(.blob)
      await clock.waitForSleepers(1)
      let inode = try FileManager.default.attributesOfItem(atPath: path)[.systemFileNumber]
      storage.flush()
      let after = try FileManager.default.attributesOfItem(atPath: path)[.systemFileNumber]
      #expect(inode as? Int == after as? Int, "no second write of the same value")
    }
  }
}

/// Runtime warnings collected from any task (a writer task reports its failures).
private final class Warnings: Sendable {
  private let collected = Mutex<[String]>([])

  var messages: [String] { collected.withLock { $0 } }

  var reporter: RuntimeWarning.Reporter {
    { [self] message, _, _, _, _ in collected.withLock { $0.append(message) } }
  }
}
