import ComposableMotion
import ComposableSensorsFoundation
import Foundation

/// Real recordings and device descriptions to replay without hardware, shipped as resources of
/// this product (licences in `Resources/README.md` beside the files).
///
/// ```swift
/// import SensorsSampleData
///
/// let motion = MotionClient.replay(
///   recording: try SampleData.imuRecording(), clock: ScaledClock(speed: 4))
/// let location = LocationClient.replay(contentsOf: SampleData.gpsdCapture)
/// ```
///
/// This target imports Foundation for `Bundle` (SwiftPM's resource accessor needs it); the
/// library modules do not, so link it only where the data is wanted.
public enum SampleData {
  /// The directory holding the files, inside the built resource bundle.
  public static var directory: URL {
    Bundle.module.bundleURL.appendingPathComponent("Resources", isDirectory: true)
  }

  /// 20 s of an IMU turned slowly by hand (BROAD trial 02, CC-BY-4.0): CSV rows
  /// `t,gyr_x,gyr_y,gyr_z,acc_x,acc_y,acc_z,mag_x,mag_y,mag_z` in s, rad/s, m/s², µT, ≈ 95 Hz.
  public static var imuRecordingFile: URL { file("broad-02-excerpt.csv") }

  /// The IMU recording, parsed: pass it to `MotionClient.replay(recording:clock:)`.
  ///
  /// - Throws: `IMURecordingError` when the file is missing from the build or cannot be read.
  public static func imuRecording() throws(IMURecordingError) -> IMURecording {
    try IMURecording(contentsOf: imuRecordingFile)
  }

  /// What a gpsd client saw on a walk with a Haicom 305N receiver (`gpspipe -w` JSON Lines,
  /// BSD-2-Clause): pass it to `LocationClient.replay(contentsOf:)`. 142 fixes near Brisbane.
  public static var gpsdCapture: URL { file("haicom-305N.gpsd-3.22.jsonl") }

  /// The receiver's own NMEA log of the same walk, to serve through real gpsd with
  /// `gpsfake -c 0.2 FILE` (an NMEA log is not something `LocationClient.replay` reads).
  public static var nmeaLog: URL { file("haicom-305N.nmea") }

  /// The sysfs description of a real IIO device, for `umockdev-run -d FILE -- COMMAND`: the
  /// live motion client then finds it under `/sys/bus/iio/devices`.
  public static func umockdevDevice(_ device: UmockdevDevice) -> URL {
    file(device.rawValue + ".umockdev")
  }

  private static func file(_ name: String) -> URL {
    directory.appendingPathComponent(name, isDirectory: false)
  }
}
