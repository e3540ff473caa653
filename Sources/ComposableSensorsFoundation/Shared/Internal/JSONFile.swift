import ComposableStore
import SensorsCore
import Synchronization

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The ``SharedPersistence`` of ``FileStorageKey``: a JSON file, checked with one `stat` per
/// read and replaced atomically on each write.
///
/// Its owning ``SharedReference`` calls it under the reference's lock, so calls never overlap;
/// the state still sits under a lock of its own because the type must be `Sendable`.
final class JSONFile<Value: Codable & Sendable>: SharedPersistence {
  /// What was last seen at the path: the state machine.
  private enum Seen: Equatable {
    /// Not looked at yet.
    case unchecked
    /// Absent.
    case missing
    /// Present at this version (whether or not its contents could be used).
    case file(FileVersion)
    /// `stat` itself failed (no search permission on the directory, say).
    case unstattable(FileStorageError)
  }

  private struct State {
    var seen = Seen.unchecked
    /// The last load's or save's failure, `nil` after a success.
    var failure: FileStorageError?
  }

  /// The most a file may hold: a shared value is settings, not a database.
  static var byteLimit: Int { 16 << 20 }

  let path: String
  private let defaultValue: Value
  private let site: WarningSite
  private let state = Mutex(State())

  init(path: String, defaultValue: Value, site: WarningSite) {
    self.path = path
    self.defaultValue = defaultValue
    self.site = site
  }

  var lastError: (any Error)? { state.withLock { $0.failure } }

  func loadIfChanged() -> Value? {
    let previous = state.withLock { $0.seen }
    // Counted before the stamp is taken: a write this process makes in between is seen on the
    // next access rather than missed.
    let writes = FileVersion.localWrites(path)
    let stamp: FileStamp?
    switch FileStamp.of(path: path) {
    case .success(let found): stamp = found
    case .failure(let failure):
      if previous != .unstattable(failure) {
        update(.unstattable(failure), failure: failure)
        report(failure)
      }
      return nil
    }
    guard let stamp else {
      if previous == .missing { return nil }
      update(.missing, failure: nil)
      // Deleted (or never made): the value goes back to its default, as in TCA.
      return defaultValue
    }
    let version = FileVersion(stamp: stamp, localWrites: writes)
    if previous == .file(version) { return nil }
    do {
      let bytes = try FileContents.bytes(path: path, limit: Self.byteLimit)
      do {
        let value = try JSONDecoder().decode(Value.self, from: Data(bytes))
        update(.file(version), failure: nil)
        return value
      } catch {
        return fail(.corrupt(path: path, reason: String(describing: error)), version: version)
      }
    } catch {
      return fail(.unreadable(path: path, reason: error.reason), version: version)
    }
  }

  func save(_ value: Value) {
    let bytes: [UInt8]
    do {
      bytes = Array(try JSONEncoder().encode(value))
    } catch {
      let failure = FileStorageError.unencodable(path: path, reason: String(describing: error))
      state.withLock { $0.failure = failure }
      report(failure)
      return
    }
    switch AtomicFile.save(bytes, to: path) {
    case .success(let stamp):
      let writes = FileVersion.recordLocalWrite(path)
      update(.file(FileVersion(stamp: stamp, localWrites: writes)), failure: nil)
    case .failure(let failure):
      // What was seen at the path still stands, so the change stays in memory until the file
      // changes.
      state.withLock { $0.failure = failure }
      report(failure)
    }
  }

  private func update(_ seen: Seen, failure: FileStorageError?) {
    state.withLock { $0 = State(seen: seen, failure: failure) }
  }

  /// Records a file whose contents cannot be used, so it is reported once, not on every read;
  /// the value in memory stands (the default at first, the last good value later).
  private func fail(_ failure: FileStorageError, version: FileVersion) -> Value? {
    update(.file(version), failure: failure)
    report(failure)
    return nil
  }

  private func report(_ failure: FileStorageError) {
    RuntimeWarning.report(
      failure.description, fileID: site.fileID, filePath: site.filePath, line: site.line,
      column: site.column)
  }
}
