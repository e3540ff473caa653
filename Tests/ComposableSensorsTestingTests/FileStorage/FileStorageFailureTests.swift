import ComposableSensorsTesting
import ComposableStore
import Foundation
import Testing

/// `.fileStorage` with files it cannot use: reported as a runtime warning with a typed error,
/// never a crash, and the value in memory kept.
@Suite struct FileStorageFailureTests {
  let directory: TemporaryDirectory

  init() throws {
    directory = try TemporaryDirectory()
  }

  @Test func aCorruptFileKeepsTheDefaultAndReportsACorruptError() throws {
    let path = directory.file("count.json")
    try directory.writeInPlace("corrupt", to: "count.json")
    let (loadError, warnings) = collectingWarnings {
      withOwnReferences {
        @Shared(.fileStorage(path)) var count = 42
        #expect(count == 42)
        #expect(count == 42, "a second read neither reloads nor reports again")
        return $count.loadError
      }
    }
    guard case .corrupt(let reported, _) = loadError as? FileStorageError else {
      Issue.record("expected a corrupt-file error, got \(String(describing: loadError))")
      return
    }
    #expect(reported == path)
    #expect(warnings.count == 1)
    #expect(warnings.first?.contains("\(path) is not valid JSON") == true)
  }

  @Test func aChangeReplacesACorruptFileAndClearsTheError() throws {
    let path = directory.file("count.json")
    try directory.writeInPlace("{", to: "count.json")
    let (_, warnings) = collectingWarnings {
      withOwnReferences {
        @Shared(.fileStorage(path)) var count = 0
        #expect($count.loadError != nil)
        count = 1
        #expect($count.loadError == nil)
      }
    }
    #expect(warnings.count == 1)
    #expect(try directory.text("count.json") == "1")
  }

  @Test func aFileCorruptedAfterLoadingKeepsTheLastGoodValue() throws {
    let path = directory.file("count.json")
    try directory.writeInPlace("5", to: "count.json")
    let (_, warnings) = try collectingWarnings {
      try withOwnReferences {
        @Shared(.fileStorage(path)) var count = 0
        #expect(count == 5)
        try directory.writeInPlace("[not json", to: "count.json")
        #expect(count == 5)
        #expect($count.loadError is FileStorageError)
      }
    }
    #expect(warnings.count == 1)
  }

  @Test func aFileOfTheWrongTypeIsCorrupt() throws {
    let path = directory.file("users.json")
    try directory.writeInPlace(#"{"id":"one"}"#, to: "users.json")
    let (loadError, _) = collectingWarnings {
      withOwnReferences {
        @Shared(.fileStorage(path)) var names = ["Blob"]
        #expect(names == ["Blob"])
        return $names.loadError as? FileStorageError
      }
    }
    guard case .corrupt? = loadError else {
      Issue.record("expected a corrupt-file error, got \(String(describing: loadError))")
      return
    }
  }

  @Test func anUnwritablePathKeepsTheChangeInMemoryAndReportsIt() throws {
    // A regular file where a directory should be: unwritable even for root.
    try directory.writeInPlace("", to: "blocker")
    let path = directory.file("blocker/count.json")
    let (_, warnings) = collectingWarnings {
      withOwnReferences {
        @Shared(.fileStorage(path)) var count = 0
        count = 3
        #expect(count == 3)
        guard case .unwritable(path, _)? = $count.loadError as? FileStorageError else {
          Issue.record(
            "expected an unwritable-file error, got \(String(describing: $count.loadError))")
          return
        }
      }
    }
    #expect(warnings.count == 1)
    #expect(warnings.first?.hasPrefix("cannot write the shared value's file \(path)") == true)
  }

  @Test func aDirectoryWhereTheFileShouldBeIsUnreadable() throws {
    try FileManager.default.createDirectory(
      atPath: directory.file("count.json"), withIntermediateDirectories: false)
    let (loadError, warnings) = collectingWarnings {
      withOwnReferences {
        @Shared(.fileStorage(directory.file("count.json"))) var count = 9
        #expect(count == 9)
        return $count.loadError as? FileStorageError
      }
    }
    guard case .unreadable? = loadError else {
      Issue.record("expected an unreadable-file error, got \(String(describing: loadError))")
      return
    }
    #expect(warnings.count == 1)
  }

  @Test func aValueJSONCannotHoldIsReportedAndTheFileKept() throws {
    let path = directory.file("ratio.json")
    let (_, warnings) = collectingWarnings {
      withOwnReferences {
        @Shared(.fileStorage(path)) var ratio = 1.0
        ratio = .nan
        #expect(ratio.isNaN)
      }
    }
    #expect(warnings.count == 1)
    #expect(warnings.first?.hasPrefix("cannot encode the shared value for \(path)") == true)
    #expect(try directory.names() == [])
  }
}
