public import ComposableStore

#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// A ``ComposableStore/SharedKey`` that keeps a `Codable` value in a JSON file:
/// `@Shared(.fileStorage("/var/lib/app/settings.json")) var settings = Settings()`.
///
/// - A missing file reads as the default value; the file (and its directory) is made on the
///   first change.
/// - Every write is atomic: to a temporary file in the same directory, flushed with `fsync`,
///   then renamed over the old one (and the directory flushed), so a crash or power cut leaves
///   the old file or the new one, never half of either.
/// - Writes are throttled and made off the caller's thread, as in TCA: the first change in a
///   quiet second is written at once, later ones within the second are coalesced into one write
///   at its end, timed by `@Dependency(\.continuousClock)`. `@Dependency(\.defaultFileStorage)`
///   says how (``FileStorage``): throttled live, every change at once on the caller's thread in
///   tests. ``FileStorage/flush()`` writes what a window holds now; so does the last reference
///   going away, and the exit of the process.
/// - A change made elsewhere (another process, or a `Shared` in another test store) is read back
///   on the next access: each read compares the file's device, inode, size and modification
///   time (one `stat`) with those last seen, and decodes the file again only when they differ.
///   Our own writes are never read back over a newer value in memory; a change made elsewhere
///   while a window holds one of ours is newer, so it wins and ours is dropped.
/// - A file that cannot be read or decoded is reported as a runtime warning with a
///   ``FileStorageError`` (a test failure inside `TestStore`), kept in `$value.loadError`, and
///   the value in memory stands; the next change replaces the file.
///
/// Every `@Shared(.fileStorage(path))` of the same type, storage and
/// `defaultInMemoryStorage` shares one reference, as `.inMemory` does.
///
/// This key lives in ComposableSensorsFoundation, not ComposableStore, because it needs a JSON
/// coder for any `Codable` value: `JSONEncoder` and `JSONDecoder` come from FoundationEssentials,
/// which the library modules keep out of apps (docs/Footprint.md). Writing a JSON coder without
/// Foundation would duplicate one for this key alone; the file I/O itself is POSIX.
public struct FileStorageKey<Value: Sendable>: SharedKey {
  /// The file's path.
  public var path: String { url.path }
  /// The file's URL.
  public let url: URL
  let coder: FileCoder<Value>
  let site: WarningSite

  /// What tells this key's file apart: its URL and the `\.defaultFileStorage` it resolves in
  /// now, not the value's type (TCA's `id`).
  public var id: FileStorageKeyID {
    @Dependency(\.defaultFileStorage) var fileStorage
    return FileStorageKeyID(url: url, storage: fileStorage.identity)
  }

  /// The reference for ``path``, loading the file now (the default if it is missing, empty or
  /// bad).
  public func reference(initialValue: @autoclosure () -> Value) -> SharedReference<Value> {
    @Dependency(\.defaultInMemoryStorage) var storage
    @Dependency(\.defaultFileStorage) var fileStorage
    @Dependency(\.continuousClock) var clock
    return storage.reference(name: referenceName(fileStorage), kind: "fileStorage") {
      let defaultValue = initialValue()
      let throttle = fileStorage.throttle.map { window in
        SharedFile<Value>.Throttle(
          window: window, clock: fileStorage.clock ?? clock,
          storage: ObjectIdentifier(fileStorage))
      }
      fileStorage.touch(url)
      let file = SharedFile(
        url: url, defaultValue: defaultValue, coder: coder, site: site, storage: fileStorage,
        throttle: throttle)
      return SharedReference(file.loadIfChanged() ?? defaultValue, persistence: file)
    }
  }

  /// The reference for ``path`` if one was made or the file holds a value (which is then also
  /// what a deleted file reads as); `nil` for a missing, empty or undecodable file.
  public func existingReference() -> SharedReference<Value>? {
    @Dependency(\.defaultInMemoryStorage) var storage
    @Dependency(\.defaultFileStorage) var fileStorage
    let name = referenceName(fileStorage)
    if let existing: SharedReference<Value> = storage.existingReference(
      name: name, kind: "fileStorage")
    {
      return existing
    }
    let seen = fileStorage.backend.look(path: path, url: url)
    guard
      case .success(let data) = fileStorage.backend.read(
        path: path, seen: seen, limit: SharedFile<Value>.byteLimit),
      !data.isEmpty, let value = try? coder.decode(data)
    else { return nil }
    return reference(initialValue: value)
  }

  /// The name of the reference in `defaultInMemoryStorage`: one per file and storage.
  private func referenceName(_ fileStorage: FileStorage) -> String {
    "\(UInt(bitPattern: fileStorage.identity)) \(url.absoluteString)"
  }
}

extension SharedKey {
  /// Keeps the value as JSON in the file at `path` (see ``FileStorageKey``).
  public static func fileStorage<Value>(
    _ path: String, fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) -> Self where Self == FileStorageKey<Value>, Value: Codable {
    .fileStorage(
      URL(fileURLWithPath: path), fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Keeps the value as JSON in the file at `url`, which must be a `file:` URL (see
  /// ``FileStorageKey``).
  public static func fileStorage<Value>(
    _ url: URL, fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) -> Self where Self == FileStorageKey<Value>, Value: Codable {
    FileStorageKey(
      url: url, coder: .json,
      site: WarningSite(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// Keeps the value in the file at `url`, turned into bytes by `encode` and back by `decode`
  /// (TCA's custom coding): a plain text file, say. A `decode` that throws is reported as
  /// ``FileStorageError/corrupt(path:reason:)``, an `encode` that throws as
  /// ``FileStorageError/unencodable(path:reason:)``; the value in memory stands.
  public static func fileStorage<Value>(
    _ url: URL, decode: @escaping @Sendable (Data) throws -> Value,
    encode: @escaping @Sendable (Value) throws -> Data, fileID: StaticString = #fileID,
    filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) -> Self where Self == FileStorageKey<Value> {
    FileStorageKey(
      url: url, coder: FileCoder(decode: decode, encode: encode),
      site: WarningSite(fileID: fileID, filePath: filePath, line: line, column: column))
  }
}

/// Where a `.fileStorage` key was made: the source location its warnings name.
struct WarningSite: Sendable {
  let fileID: StaticString
  let filePath: StaticString
  let line: UInt
  let column: UInt
}
