import GPSD
import SensorsCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Plays a `gpspipe -w` capture one input at a time, pacing fixes by their timestamps on an
/// injected clock. Pulled by an `AsyncStream(unfolding:)`, so a slow consumer holds the replay
/// back instead of making a buffer grow.
actor ReplayCursor {
  private enum Source {
    case file(path: String)
    case bytes([UInt8])
  }

  private let source: Source
  private let pacer: ReplayPacer
  private let maximumGap: Duration
  /// Where the replay is on its timeline: the sum of the (capped) gaps paced so far.
  private var elapsed = Duration.zero
  private var reader: LineReader?
  private var index = 0
  private var pending: [FeedInput] = []
  private var previousTime: GPSDTimestamp?
  private var finished = false
  /// The TPVs of the fix being read, merged into one location (see ``FixEpochs``).
  private var epochs = FixEpochs()
  /// A report read that ends the held epoch: it is handled once that epoch is delivered.
  private var lookahead: GPSDReport?

  init(path: String, clock: any Clock<Duration>, maximumGap: Duration) {
    self.source = .file(path: path)
    self.pacer = ReplayPacer(clock: clock)
    self.maximumGap = maximumGap
  }

  init(capture: [UInt8], clock: any Clock<Duration>, maximumGap: Duration) {
    self.source = .bytes(capture)
    self.pacer = ReplayPacer(clock: clock)
    self.maximumGap = maximumGap
  }

  /// Why the capture at `path` cannot be opened for reading, or nil when it can. Opens and closes
  /// it without reading: a probe must not read a capture of any size.
  static func unreadable(path: String) -> LocationError? {
    do {
      _ = try LineReader(path: path, maximumLineLength: 1)
      return nil
    } catch {
      switch error {
      case .unreadable: return Self.failure(error, path: path)
      case .lineTooLong: return nil
      }
    }
  }

  /// The error that a reader's failure on the capture at `path` ends the replay with.
  static func failure(_ failure: LineReader.Failure, path: String) -> LocationError {
    let problem: ReplayProblem =
      switch failure {
      case .unreadable(_, let code, let opening):
        opening ? .cannotOpen(errno: code) : .cannotRead(errno: code)
      case .lineTooLong(let line, let limit, _): .lineTooLong(line: line, limit: limit)
      }
    return .replayUnreadable(path: path, problem: problem)
  }

  /// The longest line of a capture, in bytes: gpsd's own reports stay far below it.
  static let maximumLineLength = 64 * 1024

  /// The next input, or `nil` once the capture has ended (or the consumer was cancelled).
  func next() async -> FeedInput? {
    while true {
      if !pending.isEmpty { return pending.removeFirst() }
      if finished { return nil }
      let report: GPSDReport
      if let ahead = lookahead {
        lookahead = nil
        report = ahead
      } else {
        switch nextReport() {
        case .failure(let error) where error.isReplayUnreadable:
          // The epoch read so far is delivered before the failure that ends the replay.
          finished = true
          pending = epochs.flush() + [.failure(error)]
          continue
        case .failure(let error):
          // A line that does not decode: say so, and go on with the next one.
          return .failure(error)
        case .success(nil):
          finished = true
          pending = epochs.flush() + [.service(.ended)]
          continue
        case .success(let next?):
          report = next
        }
        // The held epoch is complete: deliver it now, at its own time, before waiting for this
        // report's.
        if epochs.ends(report) {
          lookahead = report
          pending = epochs.flush()
          continue
        }
      }
      if case .tpv(let tpv) = report, let time = tpv.time {
        guard await pace(to: time) else { return nil }
      }
      if case .version(let version) = report {
        pending.append(.service(.connected(release: version.release)))
      }
      pending.append(contentsOf: epochs.inputs(for: report))
    }
  }

  /// The next report of the capture, skipping empty lines; `nil` at its end. A line that does
  /// not decode is a ``LocationError/malformedReport(_:excerpt:)`` failure, and the replay
  /// goes on; an unreadable file is a ``LocationError/replayUnreadable(path:problem:)``.
  private func nextReport() -> Result<GPSDReport?, LocationError> {
    while true {
      switch nextLine() {
      case .failure(let error):
        return .failure(error)
      case .success(nil):
        return .success(nil)
      case .success(let line?):
        guard !line.bytes.isEmpty else { continue }
        do {
          return .success(try GPSDReport.decode(line.bytes))
        } catch {
          let excerpt = String(decoding: line.bytes.prefix(120), as: UTF8.self)
          return .failure(.malformedReport(error, excerpt: excerpt))
        }
      }
    }
  }

  /// One line of the capture, without its line end.
  private struct Line {
    var bytes: ArraySlice<UInt8>
  }

  /// The next line: from memory for a capture given as bytes, else read from the file through a
  /// fixed buffer, so replaying a capture of any size holds one line at a time.
  private func nextLine() -> Result<Line?, LocationError> {
    switch source {
    case .bytes(let capture):
      guard index < capture.count else { return .success(nil) }
      var stop = index
      while stop < capture.count, capture[stop] != 0x0A { stop += 1 }
      var end = stop
      if end > index, capture[end - 1] == 0x0D { end -= 1 }
      let line = Line(bytes: capture[index..<end])
      index = stop + 1
      return .success(line)
    case .file(let path):
      do {
        if reader == nil {
          reader = try LineReader(path: path, maximumLineLength: Self.maximumLineLength)
        }
        guard let reader else { return .success(nil) }
        return .success(try reader.nextLine { Line(bytes: ArraySlice($0)) })
      } catch let failure as LineReader.Failure {
        return .failure(Self.failure(failure, path: path))
      } catch {
        // Not reached: the line body does not throw, and LineReader throws only its Failure.
        return .failure(.replayUnreadable(path: path, problem: .cannotRead(errno: EIO)))
      }
    }
  }

  /// Waits until this fix's place on the timeline: the previous fix's plus the time between
  /// them (at most `maximumGap`). Returns `false` when cancelled.
  private func pace(to time: GPSDTimestamp) async -> Bool {
    defer { previousTime = time }
    guard let previous = previousTime, previous < time else { return !Task.isCancelled }
    let seconds = time.seconds - previous.seconds
    let nanoseconds = Int64(time.nanoseconds) - Int64(previous.nanoseconds)
    let gap = min(Duration.seconds(seconds) + Duration.nanoseconds(nanoseconds), maximumGap)
    elapsed += gap
    do {
      try await pacer.wait(elapsed)
      return !Task.isCancelled
    } catch {
      return false
    }
  }
}

extension LocationError {
  /// Whether this is a ``LocationError/replayUnreadable(path:problem:)``, which ends a replay.
  fileprivate var isReplayUnreadable: Bool {
    if case .replayUnreadable = self { return true }
    return false
  }
}
