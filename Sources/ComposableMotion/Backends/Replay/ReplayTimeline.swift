import Synchronization

/// The shared timeline of a replay: when it started on the clock, where the latest reader
/// started, and how to play the rows due from there on.
final class ReplayTimeline: Sendable {
  private let clock: any Clock<Duration>
  private let rows: ReplayRows
  /// How errors name the recording.
  private let name: String
  /// The timeline's origin and the latest reader's start, as the clock's instants (an
  /// associated type, kept type-erased beside the clock), and the next row not yet delivered.
  private let anchors = Mutex<(origin: any Sendable, start: any Sendable, next: Int)?>(nil)

  init(clock: any Clock<Duration>, rows: ReplayRows, name: String) {
    self.clock = clock
    self.rows = rows
    self.name = name
  }

  /// A row's offset from the first as a `Duration`, held within ±10¹⁵ s (about 30 million
  /// years): a recording's absurd but finite time (1e300) means "never", where converting it
  /// as it is would trap.
  static func offset(_ seconds: Double) -> Duration {
    .seconds(min(max(seconds, -1e15), 1e15))
  }

  /// Marks a reader's start at `clock.now`, starting the timeline there if it has not started
  /// or has played to its end.
  func anchor() {
    clock.anchor(self)
  }

  /// The timeline starts again when every row has been delivered or the clock is past the last
  /// row. A file's rows are known only as far as they have been read: before its end has been
  /// read, a start past the rows read so far goes on (and skips what was due meanwhile).
  fileprivate func anchor<C: Clock<Duration>>(on clock: C) {
    let now = clock.now
    // Lock order: the hub's lock, then the rows' lock (released here), then the anchors'.
    let extent = rows.extent
    anchors.withLock { anchors in
      if let current = anchors, let origin = current.origin as? C.Instant,
        extent.count.map({ current.next < $0 }) ?? true,
        extent.count == nil || origin.duration(to: now) <= Self.offset(extent.lastOffset)
      {
        anchors = (origin, now, current.next)
      } else {
        anchors = (now, now, 0)
      }
    }
  }

  /// Plays the rows due from the latest reader's start; returns when they run out or the
  /// task is cancelled, and throws when the recording fails (after the rows before the failure).
  func play(into events: MotionBackend.ReaderEvents) async throws(MotionError) {
    try await clock.play(self, into: events)
  }

  /// Plays the rows due from the latest reader's start on `clock` (the opened `any Clock`).
  fileprivate func play<C: Clock<Duration>>(on clock: C, into events: MotionBackend.ReaderEvents)
    async throws(MotionError)
  {
    let stored = anchors.withLock { $0 }
    guard let stored, let origin = stored.origin as? C.Instant,
      let start = stored.start as? C.Instant
    else { return }
    guard let firstTime = rows.firstTime() else {
      if case .failed(let error) = rows.row(at: 0) {
        throw .recordingUnreadable(name: name, error)
      }
      return
    }
    // Go on from the rows due at this reader's start, never repeating one a predecessor sent.
    let elapsed = seconds(origin.duration(to: start))
    var index = rows.firstIndex(from: stored.next, notBefore: elapsed, firstTime: firstTime)
    while true {
      let row: IMURecording.Sample
      switch rows.row(at: index) {
      case .end: return
      case .failed(let error): throw .recordingUnreadable(name: name, error)
      case .row(let next): row = next
      }
      let due = origin.advanced(by: Self.offset(row.time - firstTime))
      // A row whose time has passed is delivered at once: every due row, in order, however
      // time moved. One due right now waits for the clock, like any sleep until "now".
      if !(due < clock.now) {
        do {
          try await clock.sleep(until: due, tolerance: nil)
        } catch {
          return  // cancelled: the hub stopped this reader
        }
      }
      if Task.isCancelled { return }
      await events.send(
        CoreMotionUnits.scan(
          acceleration: row.accelerometer, angularVelocity: row.gyroscope,
          magneticField: row.magnetometer, magneticFieldInMicrotesla: true, timestamp: row.time))
      index += 1
      let next = index
      anchors.withLock { $0?.next = next }
    }
  }
}

extension Clock where Duration == Swift.Duration {
  /// Opens an `any Clock<Duration>` so the timeline can use its concrete `Instant`.
  fileprivate func play(_ timeline: ReplayTimeline, into events: MotionBackend.ReaderEvents)
    async throws(MotionError)
  {
    try await timeline.play(on: self, into: events)
  }

  fileprivate func anchor(_ timeline: ReplayTimeline) {
    timeline.anchor(on: self)
  }
}
