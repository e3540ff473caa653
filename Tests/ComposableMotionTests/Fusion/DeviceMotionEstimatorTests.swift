import ComposableMotion
import Foundation
import Testing

@Suite("DeviceMotionEstimator: Core Motion frames and units")
struct DeviceMotionEstimatorTests {
  /// Feeds `seconds` of a resting device whose true attitude (sensor → ENU) is `truth`, in Core Motion
  /// units, and returns the last update.
  private func rest(
    _ estimator: inout DeviceMotionEstimator, truth: Quaternion, seconds: Double = 2,
    magnetometer: Bool = true
  ) -> DeviceMotion {
    var imu = SyntheticIMU(orientation: truth)
    imu.gyroscopeNoise = 0
    imu.accelerometerNoise = 0
    var motion: DeviceMotion?
    for _ in 0..<Int(seconds * 100) {
      let s = imu.sample()
      motion = estimator.update(
        rotationRate: RotationRate(
          x: s.gyroscopeOrZero.x, y: s.gyroscopeOrZero.y, z: s.gyroscopeOrZero.z),
        // Core Motion's sign: the negated specific force, in g.
        acceleration: Acceleration(
          x: -s.accelerometerOrZero.x / 9.80665, y: -s.accelerometerOrZero.y / 9.80665,
          z: -s.accelerometerOrZero.z / 9.80665),
        magneticField: magnetometer
          ? s.magnetometer.map { MagneticField(x: $0.x, y: $0.y, z: $0.z) } : nil,
        timestamp: s.time)
      imu.advance(angularVelocity: .zero)
    }
    return motion!
  }

  private func degrees(_ radians: Double) -> Double { radians * 180 / .pi }

  @Test func flatFaceUpGravityPointsDownTheZAxis() {
    var estimator = DeviceMotionEstimator(frame: .xArbitraryZVertical)
    let motion = rest(&estimator, truth: .identity)
    #expect(abs(motion.gravity.z + 9.81 / 9.80665) < 0.01)
    #expect(abs(motion.gravity.x) < 1e-6 && abs(motion.gravity.y) < 1e-6)
    #expect(abs(motion.userAcceleration.x) < 1e-6 && abs(motion.userAcceleration.z) < 0.01)
    #expect(abs(motion.attitude.pitch) < 1e-6 && abs(motion.attitude.roll) < 1e-6)
  }

  @Test func uprightInPortraitGravityPointsDownTheYAxis() {
    // Standing on its bottom edge: the device's y axis points up, a quarter turn about x, which
    // composable-core-motion's formulas call a roll of +90°. Gravity is minus the matrix's third
    // column, as with CMAttitude.rotationMatrix.
    var estimator = DeviceMotionEstimator(frame: .xArbitraryZVertical)
    let motion = rest(&estimator, truth: Quaternion(axis: SIMD3(1, 0, 0), angle: .pi / 2))
    #expect(abs(motion.gravity.y + 1) < 0.01)
    #expect(abs(degrees(motion.attitude.roll) - 90) < 0.1)
    let m = motion.attitude.rotationMatrix
    #expect(abs(motion.gravity.x + m.m13) < 1e-6 && abs(motion.gravity.y + m.m23) < 1e-6)
    #expect(abs(motion.gravity.z + m.m33) < 1e-6)
  }

  @Test func magneticNorthFrameHasXNorthAndYWest() {
    // Device flat with its x axis pointing east (the ENU identity).
    var estimator = DeviceMotionEstimator(frame: .xMagneticNorthZVertical)
    let east = rest(&estimator, truth: .identity)
    #expect(abs(degrees(east.attitude.yaw) + 90) < 0.1)  // x is 90° clockwise of north
    #expect(abs((east.heading ?? -1) - 90) < 0.1)
    // The device's x axis maps to the frame's −y, which is east.
    #expect(east.attitude.quaternion.rotate(SIMD3(1, 0, 0)).y < -0.999)

    // Turned so its x axis points north: the attitude matches the frame.
    var turned = DeviceMotionEstimator(frame: .xMagneticNorthZVertical)
    let north = rest(&turned, truth: Quaternion(axis: SIMD3(0, 0, 1), angle: .pi / 2))
    #expect(north.attitude.quaternion.angle(to: .identity) < 0.002)
    let heading = north.heading ?? -1
    #expect(heading < 0.1 || heading > 359.9)
  }

  @Test func trueNorthFrameAppliesTheDeclination() {
    // Magnetic north lies 10° east of true north, so an eastward x axis is at 100° true.
    var estimator = DeviceMotionEstimator(frame: .xTrueNorthZVertical, declination: 10)
    let motion = rest(&estimator, truth: .identity)
    #expect(abs((motion.heading ?? -1) - 100) < 0.1)
    #expect(abs(degrees(motion.attitude.yaw) + 100) < 0.1)
  }

  @Test func arbitraryFramesStartAtTheFirstHeadingAndReportNoHeading() {
    let truth = Quaternion(axis: SIMD3(0, 0, 1), angle: 1.0)
    for frame in [AttitudeReferenceFrame.xArbitraryZVertical, .xArbitraryCorrectedZVertical] {
      var estimator = DeviceMotionEstimator(frame: frame)
      let motion = rest(&estimator, truth: truth)
      #expect(abs(motion.attitude.yaw) < 0.002, "\(frame)")
      #expect(motion.heading == nil, "\(frame)")
    }
  }

  @Test func withoutAMagnetometerOnlyTheArbitraryFrameIsAvailable() {
    #expect(DeviceMotionEstimator.availableFrames(hasMagnetometer: false) == [.xArbitraryZVertical])
    #expect(DeviceMotionEstimator.availableFrames(hasMagnetometer: true).count == 4)
    var estimator = DeviceMotionEstimator(frame: .xMagneticNorthZVertical)
    let motion = rest(&estimator, truth: .identity, magnetometer: false)
    #expect(motion.heading == nil)
    #expect(motion.magneticField.accuracy == .uncalibrated)
  }

  @Test func withoutCalibrationTheFieldAccuracyFollowsTheMagneticReference() {
    var estimator = DeviceMotionEstimator(
      frame: .xMagneticNorthZVertical, calibratesMagnetometer: false)
    var imu = SyntheticIMU()
    func feed(seconds: Double, turning rate: Double)
      -> DeviceMotion.MagneticFieldCalibrationAccuracy
    {
      var accuracy = DeviceMotion.MagneticFieldCalibrationAccuracy.uncalibrated
      for _ in 0..<Int(seconds * 100) {
        let s = imu.sample(angularVelocity: SIMD3(0, 0, rate))
        let m = s.magnetometer ?? .zero
        accuracy =
          estimator.update(
            rotationRate: RotationRate(
              x: s.gyroscopeOrZero.x, y: s.gyroscopeOrZero.y, z: s.gyroscopeOrZero.z),
            acceleration: Acceleration(
              x: -s.accelerometerOrZero.x / 9.80665, y: -s.accelerometerOrZero.y / 9.80665,
              z: -s.accelerometerOrZero.z / 9.80665),
            magneticField: MagneticField(x: m.x, y: m.y, z: m.z), timestamp: s.time
          ).magneticField.accuracy
        imu.advance(angularVelocity: SIMD3(0, 0, rate))
      }
      return accuracy
    }
    // Still: the field cannot yet be told apart from a disturbance.
    #expect(feed(seconds: 2, turning: 0) == .uncalibrated)
    // Turning in a homogeneous field makes it the reference; after the heading time constant it is trusted.
    #expect(feed(seconds: 12, turning: 0.7) == .high)
    // Between magnetometer samples (a slower sensor) the last field and its accuracy are kept.
    let between = estimator.update(
      rotationRate: RotationRate(x: 0, y: 0, z: 0), acceleration: Acceleration(x: 0, y: 0, z: -1),
      magneticField: nil, timestamp: imu.time)
    #expect(between.magneticField.accuracy == .high)
    #expect(between.magneticField.field != MagneticField(x: 0, y: 0, z: 0))
    imu.advance(angularVelocity: .zero)
    imu.magneticDisturbance = SIMD3(30, 0, 0)
    // The heading is held off the disturbed field: no longer high (it drifts with the gyroscope).
    #expect(feed(seconds: 1, turning: 0) <= .medium)
  }

  @Test func userAccelerationIsWhatRemainsAfterGravity() {
    var estimator = DeviceMotionEstimator(frame: .xArbitraryZVertical)
    _ = rest(&estimator, truth: .identity)
    // A half-g push along x reads −0.5 g in Core Motion's sign, on top of gravity's −1 g on z.
    let motion = estimator.update(
      rotationRate: RotationRate(x: 0, y: 0, z: 0),
      acceleration: Acceleration(x: -0.5, y: 0, z: -1),
      magneticField: nil, timestamp: 2.5)
    #expect(abs(motion.userAcceleration.x + 0.5) < 0.01)
    #expect(abs(motion.gravity.z + 1) < 0.01)
    #expect(motion.timestamp == 2.5)
  }

  @Test func theRotationRateHasTheLearnedBiasRemoved() {
    var estimator = DeviceMotionEstimator(frame: .xArbitraryZVertical)
    var imu = SyntheticIMU()
    imu.gyroscopeBias = SIMD3(0.01, 0.02, -0.01)
    var motion: DeviceMotion?
    for _ in 0..<2000 {
      let s = imu.sample()
      motion = estimator.update(
        rotationRate: RotationRate(
          x: s.gyroscopeOrZero.x, y: s.gyroscopeOrZero.y, z: s.gyroscopeOrZero.z),
        acceleration: Acceleration(x: 0, y: 0, z: -1), magneticField: nil, timestamp: s.time)
      imu.advance(angularVelocity: .zero)
    }
    let rate = motion!.rotationRate
    #expect(abs(rate.x) < 0.004 && abs(rate.y) < 0.004 && abs(rate.z) < 0.004)
  }

  @Test func aRepeatedTimestampReturnsThePreviousMotion() {
    var estimator = DeviceMotionEstimator()
    let first = estimator.update(
      rotationRate: RotationRate(x: 0, y: 0, z: 0), acceleration: Acceleration(x: 0, y: 0, z: -1),
      magneticField: nil, timestamp: 1)
    let again = estimator.update(
      rotationRate: RotationRate(x: 5, y: 0, z: 0), acceleration: Acceleration(x: 1, y: 0, z: 0),
      magneticField: nil, timestamp: 1)
    #expect(again == first)
    #expect(estimator.filter.rejectedSampleCount == 1)
  }

  @Test func aNonFiniteFirstSampleYieldsNoNaN() {
    var estimator = DeviceMotionEstimator()
    let motion = estimator.update(
      rotationRate: RotationRate(x: .nan, y: 0, z: 0),
      acceleration: Acceleration(x: 0, y: 0, z: -1),
      magneticField: nil, timestamp: 0)
    #expect(estimator.filter.rejectedSampleCount == 1)
    #expect(
      motion.rotationRate.x == 0 && motion.gravity.z == -1
        && motion.attitude.quaternion == .identity)
  }

  @Test func theMagneticFieldIsCalibratedAndItsAccuracyRisesAsTheDeviceTurns() {
    var estimator = DeviceMotionEstimator(frame: .xMagneticNorthZVertical)
    var imu = SyntheticIMU()
    // The device's own hard iron, in its axes.
    imu.magneticDisturbance = SIMD3(30, -20, 10)
    var accuracies: [DeviceMotion.MagneticFieldCalibrationAccuracy] = []
    var last: DeviceMotion?
    for step in 0..<4000 {
      let t = Double(step) / 100
      let turning = SIMD3(0.6 * sin(0.5 * t), 0.6 * cos(0.3 * t), 0.5)
      let s = imu.sample(angularVelocity: turning)
      let m = s.magnetometer ?? .zero
      let g = s.gyroscope ?? .zero
      let a = s.accelerometer ?? .zero
      let motion = estimator.update(
        rotationRate: RotationRate(x: g.x, y: g.y, z: g.z),
        acceleration: Acceleration(x: -a.x / 9.80665, y: -a.y / 9.80665, z: -a.z / 9.80665),
        magneticField: MagneticField(x: m.x, y: m.y, z: m.z), timestamp: s.time)
      accuracies.append(motion.magneticField.accuracy)
      last = motion
      imu.advance(angularVelocity: turning)
    }
    #expect(accuracies.first == .uncalibrated)
    #expect(accuracies.last == .high)
    // The reported field is the Earth's field in device axes, the hard iron removed.
    let truth = imu.orientation.conjugate.rotate(imu.earthField)
    let field = last?.magneticField.field ?? MagneticField(x: 0, y: 0, z: 0)
    let error = SIMD3(field.x, field.y, field.z) - truth
    #expect((error * error).sum().squareRoot() < 1.5)
    #expect(estimator.magnetometerCalibration?.accuracy == .high)
  }
}
