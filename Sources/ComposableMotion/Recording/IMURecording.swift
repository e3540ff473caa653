import SensorsCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// A gyroscope/accelerometer/(magnetometer) recording read from CSV, the input of `imu-fuse` and of replays.
///
/// The header names the columns; they may come in any order and other columns are ignored:
/// `t` (s), `gyr_x,gyr_y,gyr_z` (rad/s), `acc_x,acc_y,acc_z` (m/s², specific force: about +9.81 on the
/// upward axis at rest), and optionally `mag_x,mag_y,mag_z` (µT). A row may leave all three magnetometer
/// cells empty when that sensor had no sample at that time.
///
/// ```swift
/// let recording = try IMURecording(contentsOf: "walk.csv")
/// for sample in recording.samples { filter.update(sample) }
/// ```
public struct IMURecording: Sendable, Hashable {
  /// One row of a recording.
  public struct Sample: Sendable, Hashable {
    /// The time in seconds.
    public var time: Double
    /// The angular rate in rad/s, sensor axes.
    public var gyroscope: SIMD3<Double>
    /// The specific force in m/s², sensor axes (about +9.81 on the upward axis at rest).
    public var accelerometer: SIMD3<Double>
    /// The magnetic field in µT, sensor axes, or `nil` when the row has none.
    public var magnetometer: SIMD3<Double>?

    /// Creates a sample; units as documented on each property.
    public init(
      time: Double, gyroscope: SIMD3<Double>, accelerometer: SIMD3<Double>,
      magnetometer: SIMD3<Double>?
    ) {
      self.time = time
      self.gyroscope = gyroscope
      self.accelerometer = accelerometer
      self.magnetometer = magnetometer
    }
  }

  /// The rows in file order (strictly increasing time).
  public var samples: [Sample]
  /// Whether the header has magnetometer columns.
  public var hasMagnetometer: Bool

  /// Creates a recording from samples you already have.
  public init(samples: [Sample], hasMagnetometer: Bool) {
    self.samples = samples
    self.hasMagnetometer = hasMagnetometer
  }

  /// Reads and parses a CSV file, or any readable stream a path names (a pipe, `/dev/stdin`),
  /// through ``IMURecordingReader``: lines longer than 64 KiB (endless or binary input) are an
  /// error, and only the parsed samples are held in memory.
  /// Apps using Foundation can pass a `URL` through the ComposableSensorsFoundation module.
  public init(contentsOf path: String) throws(IMURecordingError) {
    let reader = try IMURecordingReader(path: path)
    var samples: [Sample] = []
    while let sample = try reader.next() { samples.append(sample) }
    self.init(samples: samples, hasMagnetometer: reader.hasMagnetometer)
  }

  /// Parses CSV text given as bytes (UTF-8 or ASCII, `\n` or `\r\n` line ends).
  public init(csv bytes: some Collection<UInt8>) throws(IMURecordingError) {
    let bytes = Array(bytes)
    let parsed = try bytes.withUnsafeBufferPointer { buffer throws(IMURecordingError) in
      var lines = Self.lines(of: buffer)[...]
      guard let header = lines.popFirst() else { throw IMURecordingError.empty }
      var parser = try IMURecordingParser(header: UnsafeBufferPointer(rebasing: buffer[header]))
      var samples: [Sample] = []
      for (offset, range) in lines.enumerated() {
        if let sample = try parser.sample(
          from: UnsafeBufferPointer(rebasing: buffer[range]), line: offset + 2)
        {
          samples.append(sample)
        }
      }
      return (samples, parser.hasMagnetometer)
    }
    self.init(samples: parsed.0, hasMagnetometer: parsed.1)
  }

  /// Parses CSV text.
  public init(csv text: String) throws(IMURecordingError) {
    try self.init(csv: Array(text.utf8))
  }

  /// The byte ranges of the lines of `buffer`, without line ends (`\n`, optional `\r`).
  private static func lines(of buffer: UnsafeBufferPointer<UInt8>) -> [Range<Int>] {
    var result: [Range<Int>] = []
    var start = 0
    while start < buffer.count {
      var stop = start
      while stop < buffer.count, buffer[stop] != UInt8(ascii: "\n") { stop += 1 }
      var end = stop
      if end > start, buffer[end - 1] == UInt8(ascii: "\r") { end -= 1 }
      result.append(start..<end)
      start = stop + 1
    }
    return result
  }
}
