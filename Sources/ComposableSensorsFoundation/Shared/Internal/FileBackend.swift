import ComposableStore
import SensorsCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Where a ``FileStorage`` keeps its files: the file system, or a dictionary of file contents by
/// URL (TCA's in-memory file system, for tests that must not touch the disk).
enum FileBackend: Sendable {
  case disk
  case memory(LockIsolated<[URL: Data]>)

  /// Whether the files are a dictionary in memory.
  var isInMemory: Bool {
    if case .memory = self { return true }
    return false
  }

  /// What is at the file now: one `stat` on disk, one dictionary read in memory.
  func look(path: String, url: URL) -> FileSeen {
    switch self {
    case .disk:
      // Counted before the stamp is taken: a write this process makes in between is seen on
      // the next access rather than missed.
      let writes = FileVersion.localWrites(path)
      switch FileStamp.of(path: path) {
      case .success(let stamp?): return .file(FileVersion(stamp: stamp, localWrites: writes))
      case .success(nil): return .missing
      case .failure(let failure): return .unstattable(failure)
      }
    case .memory(let files):
      return files.value[url].map(FileSeen.contents) ?? .missing
    }
  }

  /// The bytes of the file `seen` describes (at most `limit` of them on disk).
  func read(path: String, seen: FileSeen, limit: Int) -> Result<Data, FileStorageError> {
    switch seen {
    case .contents(let data):
      return .success(data)
    case .unchecked, .missing, .unstattable, .file:
      do {
        return .success(Data(try FileContents.bytes(path: path, limit: limit)))
      } catch {
        return .failure(.unreadable(path: path, reason: error.reason))
      }
    }
  }

  /// Replaces the file with `data` (atomically on disk); what is there afterwards.
  func write(_ data: Data, path: String, url: URL) -> Result<FileSeen, FileStorageError> {
    switch self {
    case .disk:
      return AtomicFile.save(Array(data), to: path).map { stamp in
        .file(FileVersion(stamp: stamp, localWrites: FileVersion.recordLocalWrite(path)))
      }
    case .memory(let files):
      files.withValue { $0[url] = data }
      return .success(.contents(data))
    }
  }
}

/// What a `.fileStorage` reference last saw at its file.
enum FileSeen: Equatable, Sendable {
  /// Not looked at yet.
  case unchecked
  /// Absent.
  case missing
  /// Present on disk at this version (whether or not its contents could be used).
  case file(FileVersion)
  /// Present in an in-memory file system with these contents.
  case contents(Data)
  /// `stat` itself failed (no search permission on the directory, say).
  case unstattable(FileStorageError)
}
