/// Merges samples that arrive on separate streams (one lane per started sensor stream) into
/// recording rows in strictly increasing time: a pure state machine, no I/O.
///
/// Each lane delivers its samples in increasing time, but lanes run in different tasks, so the
/// accelerometer may be ahead of the gyroscope. A row is final once every open lane has
/// delivered a sample at or after its time; until then it waits in `pending`. A lane that stays
/// silent (a magnetometer at 10 Hz beside a 1 kHz accelerometer) holds rows back, at most
/// `limit` of them: beyond that the oldest are written anyway, and a sample that then arrives
/// for a time already written is counted as late, not written out of order.
struct RowMerger {
  /// How many samples were not written because their row had already been written.
  private(set) var lateSamples = 0
  /// How many samples repeated a sensor already in their row (two managers of one client).
  private(set) var duplicateSamples = 0
  /// The most rows held back for a silent lane.
  let limit: Int

  /// The open lanes and the time of the latest sample each delivered (−∞ before the first).
  private var lanes: [Int: Double] = [:]
  private var nextLane = 0
  /// Rows not yet final, in increasing time.
  private var pending: [IMURecording.Sample] = []
  private var lastWritten: Double?

  init(limit: Int) {
    self.limit = max(1, limit)
  }

  /// Opens a lane for a stream about to deliver samples.
  mutating func openLane() -> Int {
    defer { nextLane += 1 }
    lanes[nextLane] = -.infinity
    return nextLane
  }

  /// Closes a lane whose stream ended; returns the rows that are now final.
  mutating func closeLane(_ lane: Int) -> [IMURecording.Sample] {
    guard lanes.removeValue(forKey: lane) != nil else { return [] }
    return finalRows()
  }

  /// Adds one sensor's values at `time` from `lane`; returns the rows that are now final.
  mutating func add(
    _ sensor: IMURecording.Sensors, _ values: SIMD3<Double>, time: Double, lane: Int
  ) -> [IMURecording.Sample] {
    if let latest = lanes[lane] { lanes[lane] = max(latest, time) }
    if let lastWritten, !(time > lastWritten) {
      lateSamples += 1
      return finalRows()
    }
    let index = pending.partitioningIndex { $0.time >= time }
    if index < pending.count, pending[index].time == time {
      if pending[index].values(of: sensor) != nil {
        duplicateSamples += 1
      } else {
        pending[index].set(sensor, values)
      }
    } else {
      var row = IMURecording.Sample(
        time: time, gyroscope: nil, accelerometer: nil, magnetometer: nil)
      row.set(sensor, values)
      pending.insert(row, at: index)
    }
    return finalRows()
  }

  /// Every row still held, in order: the recording is ending.
  mutating func drain() -> [IMURecording.Sample] {
    defer { pending.removeAll() }
    if let last = pending.last { lastWritten = last.time }
    return pending
  }

  private mutating func finalRows() -> [IMURecording.Sample] {
    let watermark = lanes.values.min() ?? .infinity
    var count = pending.partitioningIndex { $0.time > watermark }
    count = max(count, pending.count - limit)
    guard count > 0 else { return [] }
    let rows = Array(pending[..<count])
    pending.removeFirst(count)
    lastWritten = rows.last?.time
    return rows
  }
}

extension IMURecording.Sample {
  /// Sets one sensor's values (a single member of ``IMURecording/Sensors``).
  fileprivate mutating func set(_ sensor: IMURecording.Sensors, _ values: SIMD3<Double>) {
    switch sensor {
    case .gyroscope: gyroscope = values
    case .accelerometer: accelerometer = values
    case .magnetometer: magnetometer = values
    default: break
    }
  }
}

extension Array {
  /// The index of the first element for which `isAfter` holds, for an array partitioned by it.
  fileprivate func partitioningIndex(where isAfter: (Element) -> Bool) -> Int {
    var low = 0
    var high = count
    while low < high {
      let middle = (low + high) / 2
      if isAfter(self[middle]) { high = middle } else { low = middle + 1 }
    }
    return low
  }
}
