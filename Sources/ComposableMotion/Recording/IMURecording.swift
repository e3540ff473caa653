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

/// A gyroscope/accelerometer/(magnetometer) recording read from CSV, the input of `imu-fuse` and of replays.
///
/// The header names the columns; they may come in any order and other columns are ignored:
/// `t` (s), `gyr_x,gyr_y,gyr_z` (rad/s), `acc_x,acc_y,acc_z` (m/s², specific force: about +9.81 on the
/// upward axis at rest), and optionally `mag_x,mag_y,mag_z` (µT). A row may leave all three magnetometer
/// cells empty when that sensor had no sample at that time.
///
/// ```swift
/// let recording = try IMURecording(contentsOf: URL(filePath: "walk.csv"))
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

  /// The largest recording file read into memory, in bytes (1 GiB).
  static let maximumFileSize = 1 << 30

  /// Reads and parses a CSV file, or any readable stream a path names (a pipe, `/dev/stdin`).
  public init(contentsOf url: URL) throws(IMURecordingError) {
    let data: [UInt8]
    do {
      // POSIX reads rather than Data(contentsOf:), which refuses a FIFO with a misleading
      // "permission denied" and so broke `imu-fuse <(zcat trial.csv.gz)`.
      data = try FileContents.bytes(path: url.path, limit: Self.maximumFileSize)
    } catch {
      throw .unreadableFile(path: url.path, reason: error.reason)
    }
    try self.init(csv: data)
  }

  /// Parses CSV text given as bytes (UTF-8 or ASCII, `\n` or `\r\n` line ends).
  public init(csv bytes: some Collection<UInt8>) throws(IMURecordingError) {
    var parser = IMURecordingParser(bytes: Array(bytes))
    let parsed = try parser.parse()
    self.init(samples: parsed.samples, hasMagnetometer: parsed.hasMagnetometer)
  }

  /// Parses CSV text.
  public init(csv text: String) throws(IMURecordingError) {
    try self.init(csv: Array(text.utf8))
  }
}
