extension IMURecording {
  /// Which sensors a recording has columns for: any non-empty subset of the gyroscope
  /// (`gyr_x,gyr_y,gyr_z`), the accelerometer (`acc_x,acc_y,acc_z`) and the magnetometer
  /// (`mag_x,mag_y,mag_z`).
  ///
  /// An accelerometer-only board records `.accelerometer`; a 6-axis IMU `[.accelerometer,
  /// .gyroscope]`; ``all`` is the 9-axis recording `imu-fuse` fuses with a heading.
  public struct Sensors: OptionSet, Sendable, Hashable, CustomStringConvertible {
    /// The bit of each sensor.
    public let rawValue: UInt8

    /// Creates a set from its bits (1 gyroscope, 2 accelerometer, 4 magnetometer).
    public init(rawValue: UInt8) {
      self.rawValue = rawValue & 0b111
    }

    /// The gyroscope: `gyr_x,gyr_y,gyr_z`, rad/s.
    public static let gyroscope = Sensors(rawValue: 1)
    /// The accelerometer: `acc_x,acc_y,acc_z`, m/s² of specific force.
    public static let accelerometer = Sensors(rawValue: 2)
    /// The magnetometer: `mag_x,mag_y,mag_z`, µT.
    public static let magnetometer = Sensors(rawValue: 4)
    /// All three, in the column order of a recording.
    public static let all: Sensors = [.gyroscope, .accelerometer, .magnetometer]

    /// The column names of these sensors, in the order a ``IMURecordingWriter`` writes them
    /// (gyroscope, accelerometer, magnetometer), after `t`.
    public var columnNames: [String] {
      Self.groups.filter { contains($0.sensor) }.flatMap(\.columns)
    }

    /// The sensors as words, for messages: "gyroscope, accelerometer".
    public var description: String {
      let names = Self.groups.filter { contains($0.sensor) }.map(\.name)
      return names.isEmpty ? "no sensor" : names.joined(separator: ", ")
    }

    /// Each sensor with its three columns and its name, in file order.
    static let groups: [(sensor: Sensors, columns: [String], name: String)] = [
      (.gyroscope, ["gyr_x", "gyr_y", "gyr_z"], "gyroscope"),
      (.accelerometer, ["acc_x", "acc_y", "acc_z"], "accelerometer"),
      (.magnetometer, ["mag_x", "mag_y", "mag_z"], "magnetometer"),
    ]
  }
}

extension IMURecording.Sensors {
  /// The columns of a raw sensor.
  init(_ sensor: MotionSensor) {
    switch sensor {
    case .accelerometer: self = .accelerometer
    case .gyro: self = .gyroscope
    case .magnetometer: self = .magnetometer
    }
  }
}

extension IMURecording.Sample {
  /// The sensors this row has values for.
  public var sensors: IMURecording.Sensors {
    var sensors: IMURecording.Sensors = []
    if gyroscope != nil { sensors.insert(.gyroscope) }
    if accelerometer != nil { sensors.insert(.accelerometer) }
    if magnetometer != nil { sensors.insert(.magnetometer) }
    return sensors
  }

  /// The row's values of one sensor (a single member of ``IMURecording/Sensors``), if any.
  func values(of sensor: IMURecording.Sensors) -> SIMD3<Double>? {
    switch sensor {
    case .gyroscope: gyroscope
    case .accelerometer: accelerometer
    case .magnetometer: magnetometer
    default: nil
    }
  }
}
