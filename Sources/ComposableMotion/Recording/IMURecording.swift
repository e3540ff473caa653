import SensorsCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// A recording of an IMU's gyroscope, accelerometer and magnetometer, any of them, read from CSV:
/// the input of `imu-fuse` and of ``MotionClient/replay(recording:clock:bufferLimit:magneticDeclination:name:)``,
/// and what ``IMURecordingWriter`` writes.
///
/// The format is a header line naming the columns, then one row per instant:
///
/// ```
/// t,gyr_x,gyr_y,gyr_z,acc_x,acc_y,acc_z,mag_x,mag_y,mag_z
/// 0.01,0.001,-0.002,0.0005,0.12,-0.05,9.81,21.5,-3.25,-40.0
/// 0.02,0.001,-0.002,0.0005,0.11,-0.05,9.80,,,
/// ```
///
/// - `t`, required: the time in seconds, strictly increasing (the live client's is seconds since boot).
/// - `gyr_x,gyr_y,gyr_z`: angular rate in rad/s; `acc_x,acc_y,acc_z`: specific force in m/s² (about
///   +9.81 on the upward axis at rest, the kernel's sign); `mag_x,mag_y,mag_z`: magnetic field in µT.
///   Each sensor's three columns are all present or all absent, and at least one sensor is
///   present: an accelerometer-only board records `t,acc_x,acc_y,acc_z`.
/// - Columns may come in any order and unknown columns are ignored.
/// - A row may leave a sensor's three cells empty when that sensor had no sample at that instant
///   (sensors on different devices, or at different rates), but must have a value for at least one.
/// - Numbers are plain decimals (`-1.5`, `2e-05`); `nan`, `inf` and hexadecimal are errors.
///   ``IMURecordingWriter`` writes each value's shortest round-trip decimal, so reading gives
///   back the very same `Double`s.
///
/// Files written before the accelerometer-only format (every `t,gyr_*,acc_*[,mag_*]` file) read
/// exactly as before.
///
/// ```swift
/// let recording = try IMURecording(contentsOf: "walk.csv")
/// for sample in recording.samples { filter.update(sample) }
/// ```
public struct IMURecording: Sendable, Hashable {
  /// One row of a recording: the values of the sensors sampled at one instant.
  public struct Sample: Sendable, Hashable {
    /// The time in seconds.
    public var time: Double
    /// The angular rate in rad/s, sensor axes, or `nil` when the row has none.
    public var gyroscope: SIMD3<Double>?
    /// The specific force in m/s², sensor axes (about +9.81 on the upward axis at rest), or `nil`
    /// when the row has none.
    public var accelerometer: SIMD3<Double>?
    /// The magnetic field in µT, sensor axes, or `nil` when the row has none.
    public var magnetometer: SIMD3<Double>?

    /// Creates a sample; units as documented on each property, `nil` for a sensor without a
    /// value at this instant.
    public init(
      time: Double, gyroscope: SIMD3<Double>?, accelerometer: SIMD3<Double>?,
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
  /// The sensors the header has columns for.
  public var sensors: Sensors

  /// Whether the header has magnetometer columns.
  public var hasMagnetometer: Bool {
    get { sensors.contains(.magnetometer) }
    set {
      if newValue { sensors.insert(.magnetometer) } else { sensors.remove(.magnetometer) }
    }
  }

  /// Creates a recording from samples you already have, with columns for `sensors`.
  public init(samples: [Sample], sensors: Sensors) {
    self.samples = samples
    self.sensors = sensors
  }

  /// Creates a gyroscope and accelerometer recording from samples you already have, with
  /// magnetometer columns when `hasMagnetometer` is set.
  public init(samples: [Sample], hasMagnetometer: Bool) {
    self.init(
      samples: samples,
      sensors: hasMagnetometer ? .all : [.gyroscope, .accelerometer])
  }

  /// Reads and parses a CSV file, or any readable stream a path names (a pipe, `/dev/stdin`),
  /// through ``IMURecordingReader``: lines longer than 64 KiB (endless or binary input) are an
  /// error, and only the parsed samples are held in memory.
  /// Apps using Foundation can pass a `URL` through the ComposableSensorsFoundation module.
  public init(contentsOf path: String) throws(IMURecordingError) {
    let reader = try IMURecordingReader(path: path)
    var samples: [Sample] = []
    while let sample = try reader.next() { samples.append(sample) }
    self.init(samples: samples, sensors: reader.sensors)
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
      return (samples, parser.sensors)
    }
    self.init(samples: parsed.0, sensors: parsed.1)
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
