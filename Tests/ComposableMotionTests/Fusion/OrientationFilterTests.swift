import ComposableMotion
import Foundation
import Testing

@Suite("OrientationFilter on simulated motion")
struct OrientationFilterTests {
  @Test func theFirstSampleLevelsAndPointsTheEstimate() {
    // Sensor turned 40° about the vertical and tilted 25° about its x axis.
    let truth =
      Quaternion(axis: SIMD3(0, 0, 1), angle: 0.7) * Quaternion(axis: SIMD3(1, 0, 0), angle: 0.44)
    var imu = SyntheticIMU(orientation: truth)
    imu.gyroscopeNoise = 0
    imu.accelerometerNoise = 0
    var filter = OrientationFilter()
    filter.update(imu.sample())
    #expect(inclinationError(filter.orientation, truth) < 0.01)
    #expect(headingError(filter.orientation, truth) < 0.01)
  }

  @Test func aGyroscopeBiasIsLearnedAtRest() {
    var imu = SyntheticIMU()
    imu.gyroscopeBias = SIMD3(0.01, -0.015, 0.02)  // about 0.6, −0.9 and 1.1 °/s
    var filter = OrientationFilter()
    imu.run(&filter, seconds: 20)
    #expect(filter.isAtRest)
    expectClose(filter.gyroscopeBias, imu.gyroscopeBias, tolerance: 0.001)
  }

  @Test func theLearnedBiasStopsHeadingDriftWithoutAMagnetometer() {
    func drift(estimatingBias: Bool) -> Double {
      var imu = SyntheticIMU()
      imu.gyroscopeBias = SIMD3(0, 0, 0.02)
      var parameters = OrientationFilter.Parameters()
      parameters.estimatesBiasAtRest = estimatingBias
      parameters.estimatesBiasInMotion = estimatingBias
      var filter = OrientationFilter(parameters: parameters)
      for _ in 0..<3000 {  // 30 s at rest, gyroscope and accelerometer only
        var sample = imu.sample()
        sample.magnetometer = nil
        filter.update(sample)
        imu.advance(angularVelocity: .zero)
      }
      return headingError(filter.orientation6D, imu.orientation)
    }
    #expect(drift(estimatingBias: false) > 30)
    #expect(drift(estimatingBias: true) < 5)
  }

  @Test func inclinationStaysAccurateWhileTurningWithABiasedGyroscope() {
    func rmsInclinationError(estimatingBias: Bool) -> Double {
      var parameters = OrientationFilter.Parameters()
      parameters.estimatesBiasInMotion = estimatingBias
      var imu = SyntheticIMU(orientation: Quaternion(axis: SIMD3(1, 0, 0), angle: 0.3))
      imu.gyroscopeBias = SIMD3(0.02, -0.02, 0.01)
      var filter = OrientationFilter(parameters: parameters)
      var squares: [Double] = []
      imu.run(&filter, seconds: 120, angularVelocity: SIMD3(0.2, 0.5, 0.8)) { filter, imu in
        if imu.time > 60 {
          squares.append(pow(inclinationError(filter.orientation, imu.orientation), 2))
        }
      }
      return (squares.reduce(0, +) / Double(squares.count)).squareRoot()
    }
    let estimating = rmsInclinationError(estimatingBias: true)
    let ignoring = rmsInclinationError(estimatingBias: false)
    // VQF's reference implementation on this same motion: 1.02° and 2.05°.
    #expect(estimating < 1.3)
    #expect(estimating < ignoring / 1.5)
  }

  @Test func aMagnetNearTheSensorDoesNotDragTheHeading() {
    func headingErrorAfterDisturbance(rejecting: Bool) -> (
      error: Double, detected: Bool, hadReference: Bool
    ) {
      var parameters = OrientationFilter.Parameters()
      parameters.rejectsMagneticDisturbances = rejecting
      var filter = OrientationFilter(parameters: parameters)
      var imu = SyntheticIMU()
      // Turning in a homogeneous field lets the filter accept it as the reference, then it rests.
      imu.run(&filter, seconds: 12, angularVelocity: SIMD3(0, 0, 0.7))
      imu.run(&filter, seconds: 3)
      let hadReference = filter.hasMagneticReference
      imu.magneticDisturbance = SIMD3(30, 0, 0)
      var detected = false
      imu.run(&filter, seconds: 10) { filter, _ in
        detected = detected || filter.isMagneticDisturbanceDetected
      }
      return (headingError(filter.orientation, imu.orientation), detected, hadReference)
    }
    let rejected = headingErrorAfterDisturbance(rejecting: true)
    #expect(rejected.hadReference)
    #expect(rejected.detected)
    #expect(rejected.error < 1)
    let accepted = headingErrorAfterDisturbance(rejecting: false)
    #expect(accepted.error > 10)
  }

  @Test func tappingAt12gDoesNotTiltTheGravityEstimate() {
    var imu = SyntheticIMU(rate: 285.714)
    var filter = OrientationFilter()
    imu.run(&filter, seconds: 5)
    var worst = 0.0
    let check: (OrientationFilter, SyntheticIMU) -> Void = { filter, imu in
      worst = max(worst, inclinationError(filter.orientation, imu.orientation))
    }
    // Five seconds of 20 ms, 12 g knocks along x every quarter second, alternating in sign,
    // then a half-second 1 g shove along y.
    for knock in 0..<20 {
      imu.linearAcceleration = SIMD3(knock.isMultiple(of: 2) ? 118 : -118, 0, 0)
      imu.run(&filter, seconds: 0.02, check: check)
      imu.linearAcceleration = .zero
      imu.run(&filter, seconds: 0.23, check: check)
    }
    // Real pushes end: the device speeds up, then slows down again.
    imu.linearAcceleration = SIMD3(0, 9.81, 0)
    imu.run(&filter, seconds: 0.25, check: check)
    imu.linearAcceleration = SIMD3(0, -9.81, 0)
    imu.run(&filter, seconds: 0.25, check: check)
    imu.linearAcceleration = .zero
    imu.run(&filter, seconds: 2, check: check)
    // VQF's reference implementation peaks at 1.76° on this same motion.
    #expect(worst < 2.5)
  }

  @Test func irregularSampleIntervalsAreIntegratedExactly() {
    var imu = SyntheticIMU(orientation: Quaternion(axis: SIMD3(0, 1, 0), angle: 0.2))
    imu.gyroscopeNoise = 0
    var filter = OrientationFilter()
    let rate = SIMD3<Double>(0.3, -0.6, 1.0)
    var jitter = SeededGenerator(seed: 7)
    var worstInclination = 0.0
    var worstHeading = 0.0
    for _ in 0..<1000 {
      var sample = imu.sample(angularVelocity: rate)
      sample.magnetometer = nil  // so the heading comes from integration alone
      filter.update(sample)
      worstInclination = max(
        worstInclination, inclinationError(filter.orientation6D, imu.orientation))
      worstHeading = max(worstHeading, headingError(filter.orientation6D, imu.orientation))
      imu.advance(angularVelocity: rate, interval: Double.random(in: 0.004...0.02, using: &jitter))
    }
    #expect(worstInclination < 0.3)
    #expect(worstHeading < 1)
  }

  @Test func sensorsMayBeFedSeparately() {
    var imu = SyntheticIMU(orientation: Quaternion(axis: SIMD3(0, 1, 1), angle: 0.5))
    var together = OrientationFilter()
    var apart = OrientationFilter()
    let rate = SIMD3<Double>(0.1, 0.4, -0.3)
    for _ in 0..<500 {
      let sample = imu.sample(angularVelocity: rate)
      together.update(sample)
      apart.updateGyroscope(sample.gyroscopeOrZero, timestamp: sample.time)
      apart.updateAccelerometer(sample.accelerometerOrZero, timestamp: sample.time)
      apart.updateMagnetometer(sample.magnetometer ?? .zero, timestamp: sample.time)
      imu.advance(angularVelocity: rate)
    }
    #expect(together.orientation == apart.orientation)
    #expect(together.gyroscopeBias == apart.gyroscopeBias)
  }

  @Test func aSlowMagnetometerStillSetsTheHeading() {
    // Gyroscope and accelerometer at 200 Hz, magnetometer at 20 Hz; the device starts turned 120° from
    // where the filter's initial heading would put it and keeps turning.
    var imu = SyntheticIMU(orientation: Quaternion(axis: SIMD3(0, 0, 1), angle: 2.1), rate: 200)
    var filter = OrientationFilter()
    let rate = SIMD3<Double>(0, 0, 0.5)
    for step in 0..<4000 {
      let sample = imu.sample(angularVelocity: rate)
      filter.updateGyroscope(sample.gyroscopeOrZero, timestamp: sample.time)
      filter.updateAccelerometer(sample.accelerometerOrZero, timestamp: sample.time)
      if step.isMultiple(of: 10), let field = sample.magnetometer {
        filter.updateMagnetometer(field, timestamp: sample.time)
      }
      imu.advance(angularVelocity: rate)
    }
    #expect(filter.magneticSampleCount == 400)
    #expect(headingError(filter.orientation, imu.orientation) < 1)
  }

  @Test func unusableSamplesAreCountedAndLeaveTheStateAlone() {
    var imu = SyntheticIMU()
    var filter = OrientationFilter()
    imu.run(&filter, seconds: 1)
    let before = filter.orientation
    var bad = imu.sample()
    bad.gyroscope?.x = .nan
    #expect(filter.update(bad) == false)
    var stale = imu.sample()
    stale.time -= 1
    #expect(filter.update(stale) == false)
    #expect(filter.rejectedSampleCount == 2)
    #expect(filter.orientation == before)
  }
}

/// Found by Fuzz/FilterFuzzer: an accelerometer sample of about 1e-160 m/s² (denormal noise, or
/// free fall) made the inclination correction divide by a length computed from underflowed squares,
/// and the orientation stopped being a unit quaternion.
@Suite("OrientationFilter with vanishing specific force")
struct OrientationFilterTinyAccelerationTests {
  @Test func aTinyAccelerometerSampleKeepsTheOrientationAUnitQuaternion() {
    var filter = OrientationFilter()
    for step in 0..<20 {
      filter.update(
        IMURecording.Sample(
          time: Double(step) * 0.01, gyroscope: SIMD3(0, 0, 1e-62),
          // 0x1p-1060: a subnormal (about 8.3e-320), written exactly.
          accelerometer: SIMD3(0x1p-1060, 0, -1e-160), magnetometer: SIMD3(0x1p-1060, 0x1p-1060, 0))
      )
      #expect(abs(filter.orientation.norm - 1) < 1e-9)
      #expect(abs(filter.orientation6D.norm - 1) < 1e-9)
    }
  }
}
