import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A file whose writes may be pending: what ``FileStorage/flush()`` and the exit handler write.
protocol FlushableFile: AnyObject, Sendable {
  /// Writes the pending change, if any, on the caller's thread, and returns once it is written.
  func flush()
}

/// The throttled files alive in the process, by storage, held weakly: a file leaves when its
/// last reference goes (and flushes itself then).
enum FileFlushRegistry {
  private struct Entry: Sendable {
    let storage: ObjectIdentifier
    weak var file: (any FlushableFile)?
  }

  private static let entries = Mutex<[ObjectIdentifier: Entry]>([:])

  /// Installs the `atexit` handler once, the first time a throttled file is made.
  private static let exitHandler: Void = {
    atexit { FileStorage.flushAll() }
  }()

  /// Adds `file`, written through the storage `storage`.
  static func register(_ file: some FlushableFile, storage: ObjectIdentifier) {
    _ = exitHandler
    entries.withLock { $0[ObjectIdentifier(file)] = Entry(storage: storage, file: file) }
  }

  /// Removes the file with identity `file` (from its `deinit`).
  static func remove(_ file: ObjectIdentifier) {
    _ = entries.withLock { $0.removeValue(forKey: file) }
  }

  /// The live files of `storage`, or of every storage when it is `nil`.
  static func files(of storage: ObjectIdentifier?) -> [any FlushableFile] {
    entries.withLock { entries in
      entries.values.compactMap { entry in
        storage == nil || entry.storage == storage ? entry.file : nil
      }
    }
  }
}
