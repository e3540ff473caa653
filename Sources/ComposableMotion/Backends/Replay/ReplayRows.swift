import Synchronization

/// The rows a replay plays, by index: a recording held in memory, or a CSV file read forward
/// through ``IMURecordingReader`` with at most `lookAhead` parsed rows held at a time.
///
/// A replay asks for rows in increasing order and goes back only to row 0 (when it plays again
/// from the start), so the file is read once per play-through and reopened for the next one.
/// Memory is the reader's line buffer plus `lookAhead` rows, whatever the file's size.
final class ReplayRows: Sendable {
  /// What ``row(at:)`` found.
  enum Row: Equatable {
    /// The row at that index.
    case row(IMURecording.Sample)
    /// The rows ended before that index.
    case end
    /// The file failed before that index (after the rows before it).
    case failed(IMURecordingError)
  }

  /// What is known of the rows' extent without reading further.
  struct Extent: Equatable {
    /// The number of rows, once the end (or a failure) has been read.
    var count: Int?
    /// The latest row read so far, as an offset in seconds from the first.
    var lastOffset: Double
  }

  fileprivate enum Storage {
    case memory([IMURecording.Sample])
    case file(FileCursor)
  }

  /// A forward cursor over the file: the window of parsed rows `[base, base + window.count)`,
  /// the reader positioned after them, and what ended the file once it has been read.
  fileprivate struct FileCursor {
    var path: String
    var lookAhead: Int
    var maximumLineLength: Int
    var reader: IMURecordingReader?
    var base = 0
    var window: [IMURecording.Sample] = []
    var ending: (count: Int, error: IMURecordingError?)?
    var firstTime: Double?
    var lastOffset = 0.0
  }

  private let storage: Mutex<Storage>

  /// The rows of a recording in memory.
  init(samples: [IMURecording.Sample]) {
    storage = Mutex(.memory(samples))
  }

  /// The rows of the CSV at `path`, read through `reader` (already past its header) and, for
  /// later play-throughs, a new reader; at most `lookAhead` rows are parsed ahead.
  init(
    path: String, reader: sending IMURecordingReader, lookAhead: Int, maximumLineLength: Int
  ) {
    storage = Mutex(
      .file(
        FileCursor(
          path: path, lookAhead: max(1, lookAhead), maximumLineLength: maximumLineLength,
          reader: reader)))
  }

  /// The row at `index` (0 is the first). Reads the file forward as far as `index` needs,
  /// `lookAhead` rows at a time; an index before the window reopens the file.
  ///
  /// The file is read under this object's lock: one reader plays a replay at a time (the hub
  /// starts a reader after its predecessor has ended), so nobody waits on it but that reader.
  func row(at index: Int) -> Row {
    storage.withLock { storage in
      switch storage {
      case .memory(let samples):
        return index < samples.count ? .row(samples[index]) : .end
      case .file(var cursor):
        storage = .memory([])  // the cursor is moved out while it is changed, not copied
        let row = cursor.row(at: index)
        storage = .file(cursor)
        return row
      }
    }
  }

  /// The first row's time in seconds, reading it if nothing has been read yet; nil when the
  /// rows are empty or fail before their first.
  func firstTime() -> Double? {
    let known: Double?? = storage.withLock { storage in
      switch storage {
      case .memory(let samples): return .some(samples.first?.time)
      case .file(let cursor): return cursor.firstTime.map { .some($0) }
      }
    }
    if let known { return known }
    // Nothing read yet: the cursor is at row 0, so this reads forward, never reopens.
    if case .row(let row) = row(at: 0) { return row.time }
    return nil
  }

  /// The number of rows when known, and the latest row's offset read so far.
  var extent: Extent {
    storage.withLock { storage in
      switch storage {
      case .memory(let samples):
        let offset = samples.last.map { last in last.time - (samples.first?.time ?? last.time) }
        return Extent(count: samples.count, lastOffset: offset ?? 0)
      case .file(let cursor):
        return Extent(count: cursor.ending?.count, lastOffset: cursor.lastOffset)
      }
    }
  }

  /// The first index at or after `start` whose row is due at or after `offset` seconds from the
  /// first row (the rows before it were due while nobody played).
  func firstIndex(from start: Int, notBefore offset: Double, firstTime: Double) -> Int {
    let samples: [IMURecording.Sample]? = storage.withLock { storage in
      if case .memory(let samples) = storage { return samples }
      return nil
    }
    if let samples {
      var low = start
      var high = max(start, samples.count)
      while low < high {
        let middle = (low + high) / 2
        if samples[middle].time - firstTime < offset { low = middle + 1 } else { high = middle }
      }
      return low
    }
    var index = start
    while case .row(let row) = row(at: index), row.time - firstTime < offset { index += 1 }
    return index
  }
}

extension ReplayRows.FileCursor {
  mutating func row(at index: Int) -> ReplayRows.Row {
    if index < base { rewind() }
    while index >= base + window.count {
      if let ending, base + window.count >= ending.count {
        return ending.error.map { .failed($0) } ?? .end
      }
      refill()
    }
    return .row(window[index - base])
  }

  /// Drops the window and parses the next `lookAhead` rows (fewer at the end or a failure).
  private mutating func refill() {
    base += window.count
    window.removeAll(keepingCapacity: true)
    guard let reader else {
      ending = ending ?? (base, nil)
      return
    }
    do throws(IMURecordingError) {
      while window.count < lookAhead {
        guard let sample = try reader.next() else {
          ending = (base + window.count, nil)
          self.reader = nil
          break
        }
        let first = firstTime ?? sample.time
        firstTime = first
        lastOffset = max(lastOffset, sample.time - first)
        window.append(sample)
      }
    } catch {
      ending = (base + window.count, error)
      self.reader = nil
    }
  }

  /// Reopens the file for another play-through from its first row.
  private mutating func rewind() {
    base = 0
    window.removeAll(keepingCapacity: true)
    do throws(IMURecordingError) {
      reader = try IMURecordingReader(path: path, maximumLineLength: maximumLineLength)
      if ending?.error != nil { ending = nil }  // a failure is read again, not remembered
    } catch {
      reader = nil
      ending = (0, error)
    }
  }
}
