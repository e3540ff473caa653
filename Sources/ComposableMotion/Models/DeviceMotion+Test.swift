extension DeviceMotion {
  /// A device-motion value for tests and previews with sensible defaults: a device lying flat,
  /// face up and still (identity attitude, gravity `(0, 0, -1)` g, no user acceleration, no
  /// rotation, no magnetometer). Name only what the test is about:
  ///
  /// ```swift
  /// let bump = DeviceMotion.test(userAcceleration: Acceleration(x: 0, y: 3.2, z: 0), timestamp: 12)
  /// ```
  ///
  /// - Parameters:
  ///   - attitude: the device's orientation; identity by default.
  ///   - gravity: gravity in device axes, in g.
  ///   - userAcceleration: the acceleration the user gives the device, in g.
  ///   - rotationRate: the rotation rate, in rad/s.
  ///   - magneticField: the calibrated field in µT and its accuracy; zero and uncalibrated by
  ///     default.
  ///   - heading: degrees from north in north-referenced frames, `nil` otherwise.
  ///   - headingAccuracy: the bound on the heading error in degrees; −1 (not valid) by default.
  ///   - timestamp: seconds since boot.
  public static func test(
    attitude: Attitude = Attitude(quaternion: .identity),
    gravity: Acceleration = Acceleration(x: 0, y: 0, z: -1),
    userAcceleration: Acceleration = Acceleration(x: 0, y: 0, z: 0),
    rotationRate: RotationRate = RotationRate(x: 0, y: 0, z: 0),
    magneticField: CalibratedMagneticField = CalibratedMagneticField(
      field: MagneticField(x: 0, y: 0, z: 0), accuracy: .uncalibrated),
    heading: Double? = nil,
    headingAccuracy: Double = -1,
    timestamp: Double = 0
  ) -> DeviceMotion {
    DeviceMotion(
      attitude: attitude, gravity: gravity, userAcceleration: userAcceleration,
      rotationRate: rotationRate, magneticField: magneticField, heading: heading,
      headingAccuracy: headingAccuracy, timestamp: timestamp)
  }
}
