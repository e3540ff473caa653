import ComposableSensorsTesting
import ComposableStore
import Foundation
import Testing

/// The users TCA's FileStorageTests keep in a file.
private struct User: Codable, Equatable, Sendable {
  let id: Int
  var name: String
  static let blob = User(id: 1, name: "Blob")
  static let blobJr = User(id: 2, name: "Blob Jr.")
}

/// TCA 1.10–1.15's FileStorageTests that use the real file system
/// (`.defaultFileStorage = .fileSystem(queue: .main)`), under their upstream names, in a fresh
/// directory per test. The live storage is throttled; its clock is a `TestClock` nobody
/// advances, since these tests write only from outside.
///
/// Upstream waits (`Task.sleep`, `Task.yield`) for its file watcher to notice a change; here a
/// change is read on the next access, so the reads follow the change at once.
@Suite struct FileStorageFileSystemPortTests {
  let directory: TemporaryDirectory
  let fileURL: URL
  let anotherFileURL: URL

  init() throws {
    directory = try TemporaryDirectory()
    fileURL = URL(fileURLWithPath: directory.file("file.json"))
    anotherFileURL = URL(fileURLWithPath: directory.file("another-file.json"))
  }

  /// Runs `body` with the live, throttled file system and a reference table of its own.
  private func live<R>(_ body: () throws -> R) rethrows -> R {
    try withDependencies {
      $0.defaultInMemoryStorage = InMemoryStorage()
      $0.defaultFileStorage = .fileSystem(throttle: .seconds(1))
      $0.continuousClock = TestClock()
    } operation: {
      try body()
    }
  }

  @Test func testInitialValue_LivePersistence() throws {
    try JSONEncoder().encode([User.blob]).write(to: fileURL)
    try live { () throws in
      @Shared(.fileStorage(fileURL)) var users = [User]()
      _ = users
      #expect(try JSONDecoder().decode([User].self, from: Data(contentsOf: fileURL)) == [.blob])
    }
  }

  @Test func testWriteFile() throws {
    try JSONEncoder().encode([User.blob]).write(to: fileURL)
    try live { () throws in
      @Shared(.fileStorage(fileURL)) var users = [User]()
      #expect(users == [.blob])

      try JSONEncoder().encode([User.blobJr]).write(to: fileURL)
      #expect(users == [.blobJr])
    }
  }

  @Test func testDeleteFile() throws {
    try JSONEncoder().encode([User.blob]).write(to: fileURL)
    try live { () throws in
      @Shared(.fileStorage(fileURL)) var users = [User]()
      #expect(users == [.blob])

      try FileManager.default.removeItem(at: fileURL)
      #expect(users == [])
    }
  }

  @Test func testMoveFile() throws {
    try JSONEncoder().encode([User.blob]).write(to: fileURL)
    try live { () throws in
      @Shared(.fileStorage(fileURL)) var users = [User]()
      #expect(users == [.blob])

      try FileManager.default.moveItem(at: fileURL, to: anotherFileURL)
      #expect(users == [])

      // Upstream removes the empty file its watcher made at the old path; none is made here.
      try? FileManager.default.removeItem(at: fileURL)
      try FileManager.default.moveItem(at: anotherFileURL, to: fileURL)
      #expect(users == [.blob])
    }
  }

  @Test func testDeleteFile_ThenWriteToFile() throws {
    try JSONEncoder().encode([User.blob]).write(to: fileURL)
    try live { () throws in
      @Shared(.fileStorage(fileURL)) var users = [User]()
      #expect(users == [.blob])

      try FileManager.default.removeItem(at: fileURL)
      #expect(users == [])

      try JSONEncoder().encode([User.blobJr]).write(to: fileURL)
      #expect(users == [.blobJr])
    }
  }

  /// Upstream checks that its publisher delivers a change written on a background thread on the
  /// main thread; there is no publisher here (DifferencesFromTCA), so the change written on
  /// another thread is read back by the test's.
  @Test func testUpdateFileSystemFromBackgroundThread() async throws {
    let url = fileURL
    try await withDependencies {
      $0.defaultInMemoryStorage = InMemoryStorage()
      $0.defaultFileStorage = .fileSystem(throttle: .seconds(1))
      $0.continuousClock = TestClock()
    } operation: { () async throws in
      @Shared(.fileStorage(url)) var count = 0
      #expect(count == 0)
      try await Task.detached { try Data("1".utf8).write(to: url) }.value
      #expect(count == 1)
    }
  }

  @Test func anEmptyFileReadsAsTheDefaultWithNoError() throws {
    try Data().write(to: fileURL)
    try live { () throws in
      @Shared(.fileStorage(fileURL)) var users = [User.blob]
      #expect(users == [.blob])
      #expect($users.loadError == nil)
    }
  }
}
