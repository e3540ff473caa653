import ComposableSensorsTesting
import ComposableStore
import Foundation
import Testing

/// A value kept in a file, as TCA's FileStorageTests keep their users.
private struct User: Codable, Equatable, Sendable {
  var id: Int
  var name: String
  static let blob = User(id: 1, name: "Blob")
  static let blobJr = User(id: 2, name: "Blob Jr.")
}

/// `@Shared(.fileStorage(path))` on a real file system, in a fresh directory per test: the
/// behaviours of swift-sharing's FileStorageTests (basics, initial value, multiple files,
/// decode failure, a file written, deleted or moved elsewhere), plus atomicity and bad paths.
///
/// Each test resolves its keys in a fresh `InMemoryStorage`, so two tests never share a
/// reference, and each `@Shared` sees the file only through the file system.
@Suite struct FileStorageTests {
  let directory: TemporaryDirectory

  init() throws {
    directory = try TemporaryDirectory()
  }

  private func decodedUsers(_ name: String) throws -> [User] {
    try JSONDecoder().decode(
      [User].self, from: Data(contentsOf: URL(fileURLWithPath: directory.file(name))))
  }

  @Test func aMissingFileReadsAsTheDefaultAndIsNotMade() throws {
    let path = directory.file("users.json")
    withOwnReferences {
      @Shared(.fileStorage(path)) var users = [User.blob]
      #expect(users == [.blob])
      #expect($users.loadError == nil)
    }
    #expect(try directory.names() == [])
  }

  @Test func aChangeIsWrittenAsJSONAndReadBackByTheNextRun() throws {
    let path = directory.file("users.json")
    withOwnReferences {
      @Shared(.fileStorage(path)) var users = [User]()
      users.append(.blob)
    }
    #expect(try decodedUsers("users.json") == [.blob])
    withOwnReferences {
      @Shared(.fileStorage(path)) var users = [User]()
      #expect(users == [.blob], "the file wins over the default")
      users.append(.blobJr)
    }
    #expect(try decodedUsers("users.json") == [.blob, .blobJr])
  }

  @Test func aURLNamesTheSameFileAsItsPath() throws {
    let path = directory.file("count.json")
    withOwnReferences {
      @Shared(.fileStorage(URL(fileURLWithPath: path))) var count = 0
      count = 7
      @Shared(.fileStorage(path)) var same = 0
      #expect(same == 7)
    }
  }

  @Test func twoFilesAreIndependent() throws {
    withOwnReferences {
      @Shared(.fileStorage(directory.file("a.json"))) var users = [User]()
      @Shared(.fileStorage(directory.file("b.json"))) var others = [User]()
      users.append(.blob)
      #expect(others == [])
      others.append(.blobJr)
      #expect(users == [.blob])
    }
    #expect(try decodedUsers("a.json") == [.blob])
    #expect(try decodedUsers("b.json") == [.blobJr])
  }

  @Test func sharedValuesWithTheSameFileAreOneReference() throws {
    let path = directory.file("count.json")
    withOwnReferences {
      @Shared(.fileStorage(path)) var first = 0
      @Shared(.fileStorage(path)) var second = 10
      #expect(second == 0, "the key already had a reference: the second default is ignored")
      first = 3
      #expect(second == 3)
    }
  }

  @Test func writesLeaveNoTemporaryFiles() throws {
    let path = directory.file("count.json")
    withOwnReferences {
      @Shared(.fileStorage(path)) var count = 0
      for value in 1...20 { count = value }
    }
    #expect(try directory.names() == ["count.json"])
    #expect(try directory.text("count.json") == "20")
  }

  @Test func aWriteKeepsTheFilesPermissions() throws {
    let path = directory.file("count.json")
    try directory.writeInPlace("1", to: "count.json")
    try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: path)
    withOwnReferences {
      @Shared(.fileStorage(path)) var count = 0
      count = 2
    }
    let attributes = try FileManager.default.attributesOfItem(atPath: path)
    #expect((attributes[.posixPermissions] as? Int) == 0o600)
  }

  @Test func aMissingDirectoryIsMadeOnTheFirstChange() throws {
    let path = directory.file("state/sensors-demo/count.json")
    withOwnReferences {
      @Shared(.fileStorage(path)) var count = 0
      #expect(count == 0)
      count = 5
      #expect($count.loadError == nil)
    }
    #expect(try directory.text("state/sensors-demo/count.json") == "5")
  }

  @Test func aFileReplacedElsewhereIsReadBack() throws {
    let path = directory.file("users.json")
    try withOwnReferences {
      @Shared(.fileStorage(path)) var users = [User]()
      users = [.blob]
      try directory.replace("users.json", with: #"[{"id":2,"name":"Blob Jr."}]"#)
      #expect(users == [.blobJr])
    }
  }

  @Test func aFileRewrittenInPlaceElsewhereIsReadBack() throws {
    let path = directory.file("users.json")
    try directory.writeInPlace(#"[{"id":1,"name":"Blob"}]"#, to: "users.json")
    try withOwnReferences {
      @Shared(.fileStorage(path)) var users = [User]()
      #expect(users == [.blob])
      try directory.writeInPlace(#"[{"id":2,"name":"Blob Jr."}]"#, to: "users.json")
      #expect(users == [.blobJr])
    }
  }

  @Test func anotherSharedWritingTheFileIsReadBack() throws {
    let path = directory.file("count.json")
    let reader = withOwnReferences { Shared(wrappedValue: 0, .fileStorage(path)) }
    let writer = withOwnReferences { Shared(wrappedValue: 0, .fileStorage(path)) }
    var writing = writer
    for value in [1, 2, 30, 4] {
      writing.wrappedValue = value
      #expect(reader.wrappedValue == value)
    }
  }

  @Test func aDeletedFileReadsAsTheDefaultUntilWrittenAgain() throws {
    let path = directory.file("users.json")
    try directory.writeInPlace(#"[{"id":1,"name":"Blob"}]"#, to: "users.json")
    try withOwnReferences {
      @Shared(.fileStorage(path)) var users = [User]()
      #expect(users == [.blob])
      try FileManager.default.removeItem(atPath: path)
      #expect(users == [])
      try directory.writeInPlace(#"[{"id":2,"name":"Blob Jr."}]"#, to: "users.json")
      #expect(users == [.blobJr])
    }
  }

  @Test func aFileMovedAwayAndBackIsFollowed() throws {
    let path = directory.file("users.json")
    let elsewhere = directory.file("elsewhere.json")
    try directory.writeInPlace(#"[{"id":1,"name":"Blob"}]"#, to: "users.json")
    try withOwnReferences {
      @Shared(.fileStorage(path)) var users = [User]()
      #expect(users == [.blob])
      try FileManager.default.moveItem(atPath: path, toPath: elsewhere)
      #expect(users == [])
      try FileManager.default.moveItem(atPath: elsewhere, toPath: path)
      #expect(users == [.blob])
    }
  }

  @Test func concurrentWritersNeverLeaveAHalfWrittenFile() async throws {
    let path = directory.file("users.json")
    let long = String(repeating: "x", count: 4096)
    let values = (1...4).map { id in Array(repeating: User(id: id, name: long), count: 16) }
    let readings = await withTaskGroup(of: [[User]].self) { group in
      for value in values {
        group.addTask {
          var writer = withOwnReferences { Shared(wrappedValue: [User](), .fileStorage(path)) }
          for _ in 0..<8 { writer.wrappedValue = value }
          return []
        }
      }
      group.addTask {
        let reader = withOwnReferences { Shared(wrappedValue: [User](), .fileStorage(path)) }
        var seen: [[User]] = []
        for _ in 0..<64 {
          seen.append(reader.wrappedValue)
          #expect(reader.loadError == nil, "a reader never sees a partial file")
          await Task.yield()
        }
        return seen
      }
      return await group.reduce(into: []) { $0 += $1 }
    }
    for reading in readings {
      #expect(reading.isEmpty || values.contains(reading))
    }
    #expect(values.contains(try decodedUsers("users.json")))
    #expect(try directory.names() == ["users.json"])
  }

  /// TCA's `testWritesFromManyThreads`: `withLock` read-modify-writes from many tasks at once
  /// lose no update, in memory or in the file (fewer tasks than upstream's 10,000: each change
  /// is an `fsync`ed write here).
  @Test func withLockFromManyTasksLosesNoUpdate() async throws {
    let path = directory.file("count.json")
    let count = withOwnReferences { Shared(wrappedValue: 0, .fileStorage(path)) }
    let tasks = 40
    await withTaskGroup(of: Void.self) { group in
      for index in 1...tasks {
        group.addTask { count.withLock { $0 += index } }
      }
    }
    #expect(count.wrappedValue == tasks * (tasks + 1) / 2)
    #expect(try directory.text("count.json") == "\(tasks * (tasks + 1) / 2)")
  }
}
