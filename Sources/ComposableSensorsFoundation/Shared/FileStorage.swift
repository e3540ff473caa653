public import ComposableStore

#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// Where `@Shared(.fileStorage(path))` values keep their files and how they write them: the
/// `\.defaultFileStorage` dependency, TCA's `FileStorage`.
///
/// - ``fileSystem`` (the live default) throttles writes: the first change in a quiet second is
///   written at once, later changes within the second are coalesced, and the newest is written
///   when the second ends. Every write is made off the caller's thread, by a task that waits on
///   `@Dependency(\.continuousClock)`, so a reducer changing the value at sensor rates pays for
///   a lock and a copy, not for `fsync`s, and a test drives the window with a `TestClock`.
/// - ``immediate`` writes every change at once, on the caller's thread, before the change
///   returns.
/// - ``inMemory`` (the default in tests, as in TCA) and ``inMemory(fileSystem:clock:)`` keep the
///   files in a dictionary of contents by URL, so a test never touches the disk and tests never
///   see each other's files. A test can read and change that dictionary as another writer would.
///
/// Nothing is lost by throttling while the process runs: the newest change is always written,
/// at the end of its window, when ``flush()`` is called, when the last `@Shared` of the file
/// goes away, or when the process exits normally (`exit`, or returning from `main`: an `atexit`
/// handler flushes every file). A crash, `SIGKILL` or power cut loses at most the changes of
/// the window under way: the file then holds the value written at the window's start, whole
/// (writes are atomic).
public final class FileStorage: Sendable {
  /// How long later changes are coalesced after a write; `nil` when every change is written at
  /// once on the caller's thread.
  public let throttle: Duration?
  /// Where the files are.
  let backend: FileBackend
  /// What throttled writes wait on; `nil` for the reference's `\.continuousClock`.
  let clock: (any Clock<Duration>)?

  private init(
    throttle: Duration?, backend: FileBackend = .disk, clock: (any Clock<Duration>)? = nil
  ) {
    self.throttle = throttle.map { max($0, .zero) }
    self.backend = backend
    self.clock = clock
  }

  /// The file system, with writes throttled to one a second and made off the caller's thread:
  /// the live value of `\.defaultFileStorage`. Flush it when the app is about to stop:
  /// `FileStorage.fileSystem.flush()`.
  public static let fileSystem = FileStorage(throttle: .seconds(1))

  /// The file system, with writes throttled to one per `window` and made off the caller's
  /// thread: a storage of its own (``flush()`` writes only its files), for a test that drives
  /// the window with a `TestClock` or an app that wants another window.
  public static func fileSystem(throttle window: Duration) -> FileStorage {
    FileStorage(throttle: window)
  }

  /// The file system, with every change written at once on the caller's thread, which waits for
  /// the write and its two `fsync`s, so a test reads a change in the file as soon as it is made.
  public static var immediate: FileStorage { FileStorage(throttle: nil) }

  /// A new, empty in-memory file system with every change written at once: the test value of
  /// `\.defaultFileStorage`, TCA's `.inMemory`.
  public static var inMemory: FileStorage { inMemory(fileSystem: LockIsolated([:])) }

  /// Files kept in `fileSystem`, contents by file URL, which the test can read and change as
  /// another writer would (a change is read back on the next access, an entry removed reads as
  /// a deleted file). TCA's `.inMemory(fileSystem:scheduler:)`.
  ///
  /// - Parameter clock: with a clock, writes are throttled to one per second of it, as live
  ///   (the first change in a quiet second at once, the newest of later ones when the second
  ///   ends), so a `TestClock` drives the window; without one, every change is written at once.
  public static func inMemory(
    fileSystem: LockIsolated<[URL: Data]>, clock: (any Clock<Duration>)? = nil
  ) -> FileStorage {
    FileStorage(
      throttle: clock == nil ? nil : .seconds(1), backend: .memory(fileSystem), clock: clock)
  }

  /// Replaces the file at `url` with `data`, as a writer other than a `@Shared` would (TCA's
  /// `save`): every `@Shared` of the file reads it back on its next access.
  ///
  /// - Throws: ``FileStorageError/unwritable(path:reason:)`` when the file cannot be written.
  public func save(_ data: Data, _ url: URL) throws(FileStorageError) {
    if case .failure(let failure) = backend.write(data, path: url.path, url: url) {
      throw failure
    }
  }

  /// The contents of the file at `url` (TCA's `load`).
  ///
  /// - Throws: ``FileStorageError/unreadable(path:reason:)`` when there is no such file or it
  ///   cannot be read.
  public func load(_ url: URL) throws(FileStorageError) -> Data {
    let path = url.path
    let seen = backend.look(path: path, url: url)
    switch seen {
    case .missing:
      throw .unreadable(path: path, reason: "no such file")
    case .unstattable(let failure):
      throw failure
    case .unchecked, .file, .contents:
      return try backend.read(path: path, seen: seen, limit: SharedFile<Data>.byteLimit).get()
    }
  }

  /// Who the storage is, in a key's ``FileStorageKeyID``: the dictionary of an in-memory file
  /// system (two storages over one dictionary are one), else the storage itself.
  var identity: ObjectIdentifier {
    switch backend {
    case .disk: ObjectIdentifier(self)
    case .memory(let files): ObjectIdentifier(files)
    }
  }

  /// Makes an empty file at `url` in an in-memory file system if there is none, as TCA does
  /// when a key first looks at it (an empty file reads as the default value).
  func touch(_ url: URL) {
    guard case .memory(let files) = backend else { return }
    files.withValue { files in
      if files[url] == nil { files[url] = Data() }
    }
  }

  /// Writes every change this storage's files have not written yet, on the caller's thread,
  /// and returns once they are on disk (or their failures reported; see ``FileStorageError``).
  /// A write under way is waited for, and the newest value is the one that lands. Call it when
  /// the app is about to stop or be suspended, as TCA does when an app resigns active.
  public func flush() {
    for file in FileFlushRegistry.files(of: ObjectIdentifier(self)) { file.flush() }
  }

  /// Flushes every throttled file of every storage in the process: what the `atexit` handler
  /// runs.
  public static func flushAll() {
    for file in FileFlushRegistry.files(of: nil) { file.flush() }
  }
}

extension DependencyValues {
  /// Where `.fileStorage` keys keep their files and how they write them:
  /// ``FileStorage/fileSystem`` (throttled, off the caller's thread) live, a new
  /// ``FileStorage/inMemory`` file system in tests (each test store has its own), as in TCA. A key
  /// reads it, and `\.continuousClock`, when its reference is made.
  public var defaultFileStorage: FileStorage {
    get { self[FileStorageDependencyKey.self] }
    set { self[FileStorageDependencyKey.self] = newValue }
  }
}

private enum FileStorageDependencyKey: DependencyKey {
  static let liveValue = FileStorage.fileSystem
  static var testValue: FileStorage { .inMemory }
}
