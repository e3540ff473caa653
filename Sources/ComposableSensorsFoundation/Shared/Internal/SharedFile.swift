import ComposableStore
import SensorsCore
import Synchronization

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The ``SharedPersistence`` of ``FileStorageKey``: a file (JSON, or the key's own coding),
/// checked with one `stat` per read and replaced atomically on each write (or a dictionary
/// entry, in an in-memory ``FileStorage``): at once on the caller's thread
/// (``FileStorage/immediate``), or throttled and off the caller's thread (see
/// `SharedFile+Throttle.swift`).
///
/// Its owning ``SharedReference`` calls it under the reference's lock, so loads and changes never
/// overlap; a throttled file's writer task and flushes run beside them, so everything the file
/// knows sits under one lock of its own.
final class SharedFile<Value: Sendable>: SharedPersistence {
  typealias Seen = FileSeen

  struct State {
    var seen = Seen.unchecked
    /// The last load's or save's failure, `nil` after a success.
    var failure: FileStorageError?
    /// When a throttled file is written (always idle for an immediate one).
    var saves = FileSaveMachine<Value>()
    /// How many writes of this file have finished: a read that sees it change while it looks
    /// at the file saw our own write land, not a change made elsewhere.
    var finishedWrites: UInt64 = 0
    /// The writer task of the open window, cancelled when the file goes away.
    var writer: Task<Void, Never>?
  }

  /// How a throttled file waits between writes.
  struct Throttle: Sendable {
    /// How long changes are coalesced after a write.
    let window: Duration
    /// What the writer task sleeps on: the reference's `\.continuousClock`.
    let clock: any Clock<Duration>
    /// The ``FileStorage`` that made it, whose ``FileStorage/flush()`` writes it.
    let storage: ObjectIdentifier
  }

  /// The most a file may hold: a shared value is settings, not a database.
  static var byteLimit: Int { 16 << 20 }

  let path: String
  let url: URL
  let defaultValue: Value
  let coder: FileCoder<Value>
  let site: WarningSite
  /// Where the file is; holding the storage keeps its identity (part of the reference's key)
  /// from being reused while the reference lives.
  let storage: FileStorage
  let throttle: Throttle?
  let state = Mutex(State())
  /// Held by the one write under way (a writer task's or a flush's), never by a change or a
  /// read: writes take the newest change and land in the order they take it.
  let writeTurn = Mutex(())

  init(
    url: URL, defaultValue: Value, coder: FileCoder<Value>, site: WarningSite,
    storage: FileStorage, throttle: Throttle?
  ) {
    self.path = url.path
    self.url = url
    self.defaultValue = defaultValue
    self.coder = coder
    self.site = site
    self.storage = storage
    self.throttle = throttle
    if let throttle { FileFlushRegistry.register(self, storage: throttle.storage) }
  }

  deinit {
    guard throttle != nil else { return }
    FileFlushRegistry.remove(ObjectIdentifier(self))
    // The last reference went away: write what the window still holds, and stop the writer.
    writePending()
    state.withLock { $0.writer }?.cancel()
  }

  var lastError: (any Error)? { state.withLock { $0.failure } }

  func loadIfChanged() -> Value? {
    let (previous, writesBefore, saving) = state.withLock {
      ($0.seen, $0.finishedWrites, $0.saves.isSaving)
    }
    // Our own write is replacing the file: what is there is ours, or about to be.
    if saving { return nil }
    let seen = look()
    guard seen != previous, acceptChange(writesBefore: writesBefore) else { return nil }
    switch seen {
    case .unchecked: return nil
    case .unstattable(let failure):
      update(seen, failure: failure)
      report(failure)
      return nil
    case .missing:
      update(.missing, failure: nil)
      // Deleted (or never made): the value goes back to its default, as in TCA.
      return defaultValue
    case .file, .contents:
      break
    }
    switch storage.backend.read(path: path, seen: seen, limit: Self.byteLimit) {
    case .success(let data) where data.isEmpty:
      // An empty file holds no value (TCA makes one to watch): the default, as for no file.
      update(seen, failure: nil)
      return defaultValue
    case .success(let data):
      do {
        let value = try coder.decode(data)
        update(seen, failure: nil)
        return value
      } catch {
        return fail(.corrupt(path: path, reason: String(describing: error)), seen: seen)
      }
    case .failure(let failure):
      return fail(failure, seen: seen)
    }
  }

  /// What is at the path now: one `stat` (one dictionary read in memory).
  func look() -> Seen {
    storage.backend.look(path: path, url: url)
  }

  /// Whether a file found changed since it was last seen is a change made elsewhere, to read
  /// back: not when our own write started or landed while the read looked at it (our older
  /// file must not replace a newer value in memory). A change made elsewhere is newer than the
  /// one the window holds, so that one is dropped.
  private func acceptChange(writesBefore: UInt64) -> Bool {
    state.withLock { state in
      guard !state.saves.isSaving, state.finishedWrites == writesBefore else { return false }
      _ = state.saves.dropPending()
      return true
    }
  }

  func save(_ value: Value) {
    if throttle != nil {
      change(to: value)
      return
    }
    switch write(value) {
    case .success(let seen):
      update(seen, failure: nil)
    case .failure(let failure):
      // What was seen at the path still stands, so the change stays in memory until the file
      // changes.
      state.withLock { $0.failure = failure }
      report(failure)
    }
  }

  /// Encodes `value` and replaces the file with it; what is at the path afterwards.
  func write(_ value: Value) -> Result<Seen, FileStorageError> {
    let data: Data
    do {
      data = try coder.encode(value)
    } catch {
      return .failure(.unencodable(path: path, reason: String(describing: error)))
    }
    return storage.backend.write(data, path: path, url: url)
  }

  func update(_ seen: Seen, failure: FileStorageError?) {
    state.withLock { state in
      state.seen = seen
      state.failure = failure
    }
  }

  /// Records a file whose contents cannot be used, so it is reported once, not on every read;
  /// the value in memory stands (the default at first, the last good value later).
  private func fail(_ failure: FileStorageError, seen: Seen) -> Value? {
    update(seen, failure: failure)
    report(failure)
    return nil
  }

  func report(_ failure: FileStorageError) {
    RuntimeWarning.report(
      failure.description, fileID: site.fileID, filePath: site.filePath, line: site.line,
      column: site.column)
  }
}
