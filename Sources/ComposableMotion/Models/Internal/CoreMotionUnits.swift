import LinuxIIO

/// The one place where kernel (IIO) and recording units become Core Motion's.
///
/// IIO reports acceleration in m/s² as the proper acceleration a resting device feels (flat,
/// face up: z ≈ +9.81), angular velocity in rad/s (right-handed, same sign as Core Motion) and
/// magnetic field in gauss. Core Motion wants g with the opposite sign (flat, face up:
/// z ≈ −1), rad/s and µT.
enum CoreMotionUnits {
  /// Standard gravity, in m/s² per g.
  static let standardGravity = 9.80665
  /// Microteslas per gauss.
  static let microteslaPerGauss = 100.0

  /// Converts one reading taken together from a device to a scan in Core Motion units.
  ///
  /// - Parameters:
  ///   - acceleration: IIO acceleration (x, y, z) in m/s², or nil.
  ///   - angularVelocity: IIO angular velocity (x, y, z) in rad/s, or nil.
  ///   - magneticField: magnetic field (x, y, z) in gauss (IIO) — or in µT when
  ///     `magneticFieldInMicrotesla` is set, as recordings store it.
  ///   - timestamp: seconds since boot.
  static func scan(
    acceleration: SIMD3<Double>?,
    angularVelocity: SIMD3<Double>?,
    magneticField: SIMD3<Double>?,
    magneticFieldInMicrotesla: Bool = false,
    timestamp: Double
  ) -> MotionScan {
    let accel = acceleration.map { -$0 / standardGravity }
    let magnScale = magneticFieldInMicrotesla ? 1 : microteslaPerGauss
    let magn = magneticField.map { $0 * magnScale }
    return MotionScan(
      timestamp: timestamp,
      acceleration: accel.map { Acceleration(x: $0.x, y: $0.y, z: $0.z) },
      rotationRate: angularVelocity.map { RotationRate(x: $0.x, y: $0.y, z: $0.z) },
      magneticField: magn.map { MagneticField(x: $0.x, y: $0.y, z: $0.z) }
    )
  }
}

extension CoreMotionUnits {
  /// Which raw sensors' values a scan keeps, looked up once per reader rather than hashed for
  /// every scan.
  struct Kept: Sendable, Equatable {
    var acceleration: Bool
    var rotationRate: Bool
    var magneticField: Bool

    init(_ sensors: Set<MotionSensor>) {
      acceleration = sensors.contains(.accelerometer)
      rotationRate = sensors.contains(.gyro)
      magneticField = sensors.contains(.magnetometer)
    }
  }

  /// Converts a buffered read's scans (SI units, mount matrix applied) to motion scans, keeping
  /// only `kept`; timestamps in seconds on the batch's clock.
  static func scans(_ batch: IIOScanBatch, keeping kept: Kept) -> [MotionScan] {
    let accel = kept.acceleration ? batch.positions(of: .accel) : nil
    let gyro = kept.rotationRate ? batch.positions(of: .anglvel) : nil
    let magn = kept.magneticField ? batch.positions(of: .magn) : nil
    var scans: [MotionScan] = []
    scans.reserveCapacity(batch.count)
    for index in 0..<batch.count {
      scans.append(
        scan(
          acceleration: accel.map { batch.vector(at: $0, scan: index) },
          angularVelocity: gyro.map { batch.vector(at: $0, scan: index) },
          magneticField: magn.map { batch.vector(at: $0, scan: index) },
          timestamp: Double(batch.nanoseconds[index]) / 1e9))
    }
    return scans
  }

  /// Converts an IIO sample (SI units, mount matrix applied) to a scan, keeping only `kept`.
  static func scan(_ sample: IIOSample, keeping kept: Kept) -> MotionScan {
    func vector(_ wanted: Bool, _ type: IIOChannelType) -> SIMD3<Double>? {
      guard wanted, let v = sample.vector(type) else { return nil }
      return SIMD3(v.x, v.y, v.z)
    }
    return scan(
      acceleration: vector(kept.acceleration, .accel),
      angularVelocity: vector(kept.rotationRate, .anglvel),
      magneticField: vector(kept.magneticField, .magn),
      timestamp: sample.timestamp.seconds)
  }
}
