import ComposableSensorsTesting
import ComposableStore
import Foundation
import Testing

/// The users TCA's FileStorageTests keep in a file.
private struct User: Codable, Equatable, Identifiable, Sendable {
  let id: Int
  var name: String
  static let blob = User(id: 1, name: "Blob")
  static let blobJr = User(id: 2, name: "Blob Jr.")
  static let blobSr = User(id: 3, name: "Blob Sr.")
  static let blobEsq = User(id: 4, name: "Blob Esq.")
}

extension URL {
  fileprivate static let fileURL = URL(fileURLWithPath: NSTemporaryDirectory())
    .appendingPathComponent("file.json")
  fileprivate static let userURL = URL(fileURLWithPath: NSTemporaryDirectory())
    .appendingPathComponent("user.json")
  fileprivate static let anotherFileURL = URL(fileURLWithPath: NSTemporaryDirectory())
    .appendingPathComponent("another-file.json")
  fileprivate static let utf8StringURL = URL(fileURLWithPath: NSTemporaryDirectory())
    .appendingPathComponent("utf8-string.json")
}

extension [URL: Data] {
  /// The users in the file at `url`; `nil` when there is no file or it is empty.
  fileprivate func users(for url: URL) throws -> [User]? {
    guard let data = self[url], !data.isEmpty else { return nil }
    return try JSONDecoder().decode([User].self, from: data)
  }
}

extension SharedKey where Self == FileStorageKey<String> {
  /// A plain UTF-8 text file, with the key's own coding.
  fileprivate static var utf8String: Self {
    .fileStorage(
      .utf8StringURL,
      decode: { data in String(decoding: data, as: UTF8.self) },
      encode: { string in Data(string.utf8) }
    )
  }
}

/// TCA 1.10–1.15's FileStorageTests that run on its in-memory file system
/// (`FileStorage.inMemory(fileSystem:)`), under their upstream names: the files are a
/// `LockIsolated<[URL: Data]>` the test reads and writes, and nothing touches the disk. Where
/// upstream throttles on a `DispatchQueue.test` scheduler, these pass a `TestClock`. As upstream,
/// the first write of a quiet window is made at once on the caller's thread; the window is then
/// timed by a writer task sleeping on the clock, which `waitForSleepers(1)` waits for before the
/// clock is advanced.
@Suite struct FileStorageInMemoryTests {
  @Test func testBasics() throws {
    let fileSystem = LockIsolated<[URL: Data]>([:])
    try withDependencies {
      $0.defaultFileStorage = .inMemory(fileSystem: fileSystem)
    } operation: { () throws in
      @Shared(.fileStorage(.fileURL)) var users = [User]()
      #expect(fileSystem.value == [.fileURL: Data()])
      users.append(.blob)
      #expect(try fileSystem.value.users(for: .fileURL) == [.blob])
    }
  }

  @Test func testBasics_CustomDecodeEncodeClosures() {
    let fileSystem = LockIsolated<[URL: Data]>([:])
    withDependencies {
      $0.defaultFileStorage = .inMemory(fileSystem: fileSystem)
    } operation: {
      @Shared(.utf8String) var string = ""
      #expect(fileSystem.value == [.utf8StringURL: Data()])
      string = "hello"
      #expect(
        fileSystem.value[.utf8StringURL].map { String(decoding: $0, as: UTF8.self) } == "hello")
    }
  }

  @Test func testThrottle() async throws {
    let fileSystem = LockIsolated<[URL: Data]>([:])
    let clock = TestClock()
    try await withSerialExecutor {
      try await withDependencies {
        $0.defaultFileStorage = .inMemory(fileSystem: fileSystem, clock: clock)
      } operation: { () async throws in
        @Shared(.fileStorage(.fileURL)) var users = [User]()
        #expect(try fileSystem.value.users(for: .fileURL) == nil)

        users.append(.blob)
        #expect(try fileSystem.value.users(for: .fileURL) == [.blob])
        await clock.waitForSleepers(1)

        users.append(.blobJr)
        await clock.advance(by: .seconds(1) - .milliseconds(1))
        #expect(try fileSystem.value.users(for: .fileURL) == [.blob])

        users.append(.blobSr)
        await clock.advance(by: .milliseconds(1))
        #expect(try fileSystem.value.users(for: .fileURL) == [.blob, .blobJr, .blobSr])

        await clock.advance(by: .seconds(1))
        #expect(try fileSystem.value.users(for: .fileURL) == [.blob, .blobJr, .blobSr])

        await clock.advance(by: .seconds(0.5))
        users.append(.blobEsq)
        #expect(
          try fileSystem.value.users(for: .fileURL) == [.blob, .blobJr, .blobSr, .blobEsq])
      }
    }
  }

  @Test func testNoThrottling() async throws {
    let fileSystem = LockIsolated<[URL: Data]>([:])
    let clock = TestClock()
    try await withSerialExecutor {
      try await withDependencies {
        $0.defaultFileStorage = .inMemory(fileSystem: fileSystem, clock: clock)
      } operation: { () async throws in
        @Shared(.fileStorage(.fileURL)) var users = [User]()
        #expect(try fileSystem.value.users(for: .fileURL) == nil)

        users.append(.blob)
        #expect(try fileSystem.value.users(for: .fileURL) == [.blob])
        await clock.waitForSleepers(1)

        await clock.advance(by: .seconds(2))
        users.append(.blobJr)
        #expect(try fileSystem.value.users(for: .fileURL) == [.blob, .blobJr])
      }
    }
  }

  /// Upstream posts `willResignActiveNotification`; there are no app lifecycle notifications on
  /// Linux, so the app calls `flush()`.
  @Test func testWillResign() async throws {
    let fileSystem = LockIsolated<[URL: Data]>([:])
    let clock = TestClock()
    let fileStorage = FileStorage.inMemory(fileSystem: fileSystem, clock: clock)
    try await withSerialExecutor {
      try await withDependencies {
        $0.defaultFileStorage = fileStorage
      } operation: { () async throws in
        @Shared(.fileStorage(.fileURL)) var users = [User]()
        #expect(try fileSystem.value.users(for: .fileURL) == nil)

        users.append(.blob)
        users.append(.blobJr)
        #expect(try fileSystem.value.users(for: .fileURL) == [.blob])

        fileStorage.flush()
        #expect(try fileSystem.value.users(for: .fileURL) == [.blob, .blobJr])
      }
    }
  }

  @Test func testMultipleFiles() throws {
    let fileSystem = LockIsolated<[URL: Data]>([:])
    try withDependencies {
      $0.defaultFileStorage = .inMemory(fileSystem: fileSystem)
    } operation: { () throws in
      @Shared(.fileStorage(.fileURL)) var users = [User]()
      @Shared(.fileStorage(.anotherFileURL)) var otherUsers = [User]()

      users.append(.blob)
      #expect(try fileSystem.value.users(for: .fileURL) == [.blob])
      #expect(try fileSystem.value.users(for: .anotherFileURL) == nil)

      otherUsers.append(.blobJr)
      #expect(try fileSystem.value.users(for: .fileURL) == [.blob])
      #expect(try fileSystem.value.users(for: .anotherFileURL) == [.blobJr])
    }
  }

  @Test func testInitialValue() async throws {
    let fileSystem = try LockIsolated<[URL: Data]>(
      [.fileURL: try JSONEncoder().encode([User.blob])])
    try await withDependencies {
      $0.defaultFileStorage = .inMemory(fileSystem: fileSystem)
    } operation: { () async throws in
      @Shared(.fileStorage(.fileURL)) var users = [User]()
      #expect(users == [.blob])
      await Task.yield()
      #expect(try fileSystem.value.users(for: .fileURL) == [.blob])
    }
  }

  @Test func testWriteFileWhileThrottling() async throws {
    let fileSystem = LockIsolated<[URL: Data]>([:])
    let clock = TestClock()
    let fileStorage = FileStorage.inMemory(fileSystem: fileSystem, clock: clock)
    try await withSerialExecutor {
      try await withDependencies {
        $0.defaultFileStorage = fileStorage
      } operation: { () async throws in
        @Shared(.fileStorage(.fileURL)) var users = [User]()

        users.append(.blob)
        #expect(try fileSystem.value.users(for: .fileURL) == [.blob])
        await clock.waitForSleepers(1)

        try fileStorage.save(Data(), .fileURL)
        await clock.run()
        #expect(users == [])
        #expect(try fileSystem.value.users(for: .fileURL) == nil)
      }
    }
  }

  /// Upstream's `AppStorageKey` half is not applicable (no `UserDefaults` here).
  @Test func testMismatchTypes() {
    #expect(
      FileStorageKey<Int>.fileStorage(.fileURL).id == FileStorageKey<Bool>.fileStorage(.fileURL).id
    )
    #expect(
      FileStorageKey<Int>.fileStorage(.fileURL).id
        != FileStorageKey<Int>.fileStorage(.anotherFileURL).id
    )
    #expect(
      FileStorageKey<Int>.fileStorage(.fileURL).id
        != withDependencies {
          $0.defaultFileStorage = .fileSystem
        } operation: {
          FileStorageKey<Int>.fileStorage(.fileURL).id
        }
    )

    #expect(InMemoryKey<Int>.inMemory("key").id == InMemoryKey<Bool>.inMemory("key").id)
    #expect(InMemoryKey<Int>.inMemory("key").id != InMemoryKey<Int>.inMemory("key2").id)
    #expect(
      InMemoryKey<Int>.inMemory("key").id
        != withDependencies {
          $0.defaultInMemoryStorage = InMemoryStorage()
        } operation: {
          InMemoryKey<Int>.inMemory("key").id
        }
    )
  }

  /// TCA 1.10's: values of two types in one file. Upstream resets a value whose file no longer
  /// decodes to its initial value; here it keeps its last good value and the failure is
  /// reported (DifferencesFromTCA), so `users` stays `[.blob]` once `users2` writes `true`.
  @Test func testMismatchTypesDifferentCodability() {
    withDependencies {
      $0.defaultInMemoryStorage = InMemoryStorage()
      $0.defaultFileStorage = .inMemory
    } operation: {
      @Shared(.fileStorage(.fileURL)) var users: [User] = []
      @Shared(.fileStorage(.fileURL)) var users1: [User] = []
      @Shared(.fileStorage(.fileURL)) var users2 = false

      let ((), warnings) = collectingWarnings {
        users.append(User(id: 1, name: "Blob"))
        #expect(users == [User(id: 1, name: "Blob")])
        #expect(users1 == [User(id: 1, name: "Blob")])
        #expect(users2 == false)

        users2 = true
        #expect(users == [User(id: 1, name: "Blob")], "upstream: []")
        #expect(users1 == [User(id: 1, name: "Blob")], "upstream: []")
        #expect(users2 == true)
      }
      #expect(warnings.count == 2, "each type's reference reports the other's file once")
      #expect($users.loadError as? FileStorageError != nil)
    }
  }

  /// TCA 1.10's: an array and an identified array of the same elements read one file alike.
  @Test func testMismatchTypesSameCodability() {
    withDependencies {
      $0.defaultInMemoryStorage = InMemoryStorage()
      $0.defaultFileStorage = .inMemory
    } operation: {
      @Shared(.fileStorage(.fileURL)) var users: [User] = []
      @Shared(.fileStorage(.fileURL)) var users1: [User] = []
      @Shared(.fileStorage(.fileURL)) var users2: IdentifiedArrayOf<User> = []

      users.append(User(id: 1, name: "Blob"))
      #expect(users == [User(id: 1, name: "Blob")])
      #expect(users1 == [User(id: 1, name: "Blob")])
      #expect(users2 == [User(id: 1, name: "Blob")])
    }
  }

  @Test func testTwoInMemoryFileStorages() {
    let shared1 = withDependencies {
      $0.defaultFileStorage = .inMemory
    } operation: {
      @Shared(.fileStorage(.userURL)) var user = User(id: 1, name: "Blob")
      return $user
    }
    let shared2 = withDependencies {
      $0.defaultFileStorage = .inMemory
    } operation: {
      @Shared(.fileStorage(.userURL)) var user = User(id: 1, name: "Blob")
      return $user
    }

    var shared1Copy = shared1
    var shared2Copy = shared2
    shared1Copy.wrappedValue.name = "Blob Jr"
    #expect(shared1.wrappedValue.name == "Blob Jr")
    #expect(shared2.wrappedValue.name == "Blob")
    shared2Copy.wrappedValue.name = "Blob Sr"
    #expect(shared1.wrappedValue.name == "Blob Jr")
    #expect(shared2.wrappedValue.name == "Blob Sr")
  }

  /// Upstream starts 10,000 tasks that each sleep 0.2–3 s of real time first; here they yield
  /// instead, so the test waits on nothing but the tasks.
  @Test func testWritesFromManyThreads() async {
    let fileSystem = LockIsolated<[URL: Data]>([:])
    let fileStorage = FileStorage.inMemory(fileSystem: fileSystem, clock: ContinuousClock())
    await withDependencies {
      $0.defaultFileStorage = fileStorage
    } operation: {
      @Shared(.fileStorage(.fileURL)) var count = 0
      let max = 10_000
      await withTaskGroup(of: Void.self) { group in
        for index in 1...max {
          group.addTask { [count = $count] in
            await Task.yield()
            count.withLock { $0 += index }
          }
        }
      }

      #expect(count == max * (max + 1) / 2)
      fileStorage.flush()
      #expect(fileSystem.value[.fileURL].map { String(decoding: $0, as: UTF8.self) } == "\(count)")
    }
  }

  @Test func aFileTheTestChangesOrRemovesIsReadBack() throws {
    let fileSystem = LockIsolated<[URL: Data]>([:])
    try withDependencies {
      $0.defaultFileStorage = .inMemory(fileSystem: fileSystem)
    } operation: { () throws in
      @Shared(.fileStorage(.fileURL)) var users = [User.blob]
      try fileSystem.withValue { $0[.fileURL] = try JSONEncoder().encode([User.blobJr]) }
      #expect(users == [.blobJr])
      fileSystem.withValue { $0[.fileURL] = nil }
      #expect(users == [.blob], "a removed file reads as the default")
      fileSystem.withValue { $0[.fileURL] = Data("{".utf8) }
      let ((), warnings) = collectingWarnings { #expect(users == [.blob]) }
      #expect(warnings.count == 1)
      #expect($users.loadError as? FileStorageError != nil)
    }
  }

  @Test func testsDoNotTouchTheDiskByDefault() throws {
    let directory = try TemporaryDirectory()
    let path = directory.file("settings.json")
    withDependencies {
      $0.defaultInMemoryStorage = InMemoryStorage()
    } operation: {
      @Shared(.fileStorage(path)) var count = 0
      count = 1
      #expect(count == 1)
    }
    #expect(try directory.names() == [])
  }
}
