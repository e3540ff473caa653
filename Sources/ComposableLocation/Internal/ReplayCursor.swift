import GPSD
import SensorsCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
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
    case file(URL)
    case bytes([UInt8])
  }

  private let source: Source
  private let clock: any Clock<Duration>
  private let maximumGap: Duration
  private var bytes: [UInt8] = []
  private var lineStarts: [Range<Int>] = []
  private var index = 0
  private var loaded = false
  private var pending: [FeedInput] = []
  private var previousTime: GPSDTimestamp?
  private var finished = false

  init(url: URL, clock: any Clock<Duration>, maximumGap: Duration) {
    self.source = .file(url)
    self.clock = clock
    self.maximumGap = maximumGap
  }

  init(capture: [UInt8], clock: any Clock<Duration>, maximumGap: Duration) {
    self.source = .bytes(capture)
    self.clock = clock
    self.maximumGap = maximumGap
  }

  /// Reads the capture, or explains why it cannot be read.
  static func load(_ url: URL) -> Result<[UInt8], LocationError> {
    do {
      return .success(try FileContents.bytes(path: url.path, limit: 1 << 30))
    } catch {
      return .failure(.replayUnreadable(path: url.path, reason: error.reason))
    }
  }

  /// The next input, or `nil` once the capture has ended (or the consumer was cancelled).
  func next() async -> FeedInput? {
    if !loaded, let failure = load() {
      return failure
    }
    while true {
      if !pending.isEmpty { return pending.removeFirst() }
      if finished { return nil }
      guard index < lineStarts.count else {
        finished = true
        return .service(.ended)
      }
      let range = lineStarts[index]
      index += 1
      guard !range.isEmpty else { continue }
      let report: GPSDReport
      do {
        report = try GPSDReport.decode(bytes[range])
      } catch {
        let excerpt = String(decoding: bytes[range].prefix(120), as: UTF8.self)
        return .failure(.malformedReport(reason: error.description, excerpt: excerpt))
      }
      if case .tpv(let tpv) = report, let time = tpv.time {
        guard await pace(to: time) else { return nil }
      }
      if case .version(let version) = report {
        pending.append(.service(.connected(release: version.release)))
      }
      pending.append(contentsOf: ReportTranslator.inputs(for: report))
    }
  }

  /// Loads the capture once; returns the failure to report when it cannot be read.
  private func load() -> FeedInput? {
    loaded = true
    switch source {
    case .bytes(let capture):
      bytes = capture
    case .file(let url):
      switch Self.load(url) {
      case .success(let capture): bytes = capture
      case .failure(let error):
        finished = true
        return .failure(error)
      }
    }
    var start = 0
    for (offset, byte) in bytes.enumerated() where byte == 0x0A {
      lineStarts.append(start..<Self.trimmingCR(bytes, start, offset))
      start = offset + 1
    }
    if start < bytes.count {
      lineStarts.append(start..<Self.trimmingCR(bytes, start, bytes.count))
    }
    return nil
  }

  private static func trimmingCR(_ bytes: [UInt8], _ start: Int, _ end: Int) -> Int {
    end > start && bytes[end - 1] == 0x0D ? end - 1 : end
  }

  /// Sleeps for the time between the previous fix and this one (at most `maximumGap`).
  /// Returns `false` when cancelled.
  private func pace(to time: GPSDTimestamp) async -> Bool {
    defer { previousTime = time }
    guard let previous = previousTime, previous < time else { return !Task.isCancelled }
    let seconds = time.seconds - previous.seconds
    let nanoseconds = Int64(time.nanoseconds) - Int64(previous.nanoseconds)
    let gap = min(Duration.seconds(seconds) + Duration.nanoseconds(nanoseconds), maximumGap)
    do {
      try await clock.sleep(for: gap)
      return true
    } catch {
      return false
    }
  }
}
