public import ComposableStore

/// How `@Shared(.fileStorage(path))` values write their files: the `\.defaultFileStorage`
/// dependency, TCA's `FileStorage`.
///
/// - ``fileSystem`` (the live default) throttles writes: the first change in a quiet second is
///   written at once, later changes within the second are coalesced, and the newest is written
///   when the second ends. Every write is made off the caller's thread, by a task that waits on
///   `@Dependency(\.continuousClock)`, so a reducer changing the value at sensor rates pays for
///   a lock and a copy, not for `fsync`s, and a test drives the window with a `TestClock`.
/// - ``immediate`` (the default in tests) writes every change at once, on the caller's thread,
///   before the change returns.
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

  private init(throttle: Duration?) {
    self.throttle = throttle.map { max($0, .zero) }
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
  /// the write and its two `fsync`s: the test value of `\.defaultFileStorage`, so a test reads a
  /// change in the file as soon as it is made.
  public static var immediate: FileStorage { FileStorage(throttle: nil) }

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
  /// How `.fileStorage` keys write their files: ``FileStorage/fileSystem`` (throttled, off the
  /// caller's thread) live, ``FileStorage/immediate`` in tests. A key reads it, and
  /// `\.continuousClock`, when its reference is made.
  public var defaultFileStorage: FileStorage {
    get { self[FileStorageDependencyKey.self] }
    set { self[FileStorageDependencyKey.self] = newValue }
  }
}

private enum FileStorageDependencyKey: DependencyKey {
  static let liveValue = FileStorage.fileSystem
  static var testValue: FileStorage { .immediate }
}
