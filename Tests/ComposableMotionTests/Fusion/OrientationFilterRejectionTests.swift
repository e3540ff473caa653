import ComposableMotion
import Foundation
import Testing

/// Absurd but finite input must never poison the filter: each such sample is rejected with a typed,
/// counted reason and the state stays finite and unit.
@Suite("OrientationFilter: sample rejection and extreme values")
struct OrientationFilterRejectionTests {
  private func isUnit(_ q: Quaternion) -> Bool {
    q.w.isFinite && q.x.isFinite && q.y.isFinite && q.z.isFinite && abs(q.norm - 1) < 1e-9
  }

  private func settledFilter() -> (OrientationFilter, SyntheticIMU) {
    var imu = SyntheticIMU()
    var filter = OrientationFilter()
    imu.run(&filter, seconds: 2, angularVelocity: SIMD3(0.1, 0.2, 0.3))
    return (filter, imu)
  }

  @Test func aRateOf1e200IsRejectedAsOutOfRangeAndChangesNothing() {
    var (filter, imu) = settledFilter()
    let before = filter.orientation
    var sample = imu.sample()
    sample.gyroscope = SIMD3(1e200, 0, -1e200)
    let used1 = filter.update(sample)

    #expect(!used1)
    #expect(filter.lastRejection == .outOfRange(.gyroscope))
    #expect(filter.rejectionCounts[.outOfRange(.gyroscope)] == 1)
    #expect(filter.rejectedSampleCount == 1)
    #expect(filter.orientation == before)
    // The next ordinary sample is used as usual.
    imu.advance(angularVelocity: .zero)
    let used2 = filter.update(imu.sample())

    #expect(used2)
    #expect(isUnit(filter.orientation))
  }

  @Test func aGapOf1e300SecondsIsRejectedAndLeavesTheStateUnchanged() {
    var (filter, imu) = settledFilter()
    let before = filter.orientation
    var sample = imu.sample()
    sample.time += 1e300
    let used3 = filter.update(sample)

    #expect(!used3)
    #expect(filter.lastRejection == .timeGap(.gyroscope))
    #expect(filter.orientation == before)
    // At 1e300 s a step of 10 ms is below the resolution of a Double: the next row's time equals this
    // one's and is rejected as not increasing, while the state stays as it was.
    sample.time += 0.01
    let used4 = filter.update(sample)

    #expect(!used4)
    #expect(filter.lastRejection == .timestampNotIncreasing(.gyroscope))
    #expect(filter.orientation == before)
    #expect(isUnit(filter.orientation) && isUnit(filter.orientation6D))
    #expect(filter.gyroscopeBias.x.isFinite && filter.headingOffset6DToENU.isFinite)
  }

  @Test func aPauseLongerThanTheLimitRestartsTimingWithoutIntegratingAcrossIt() {
    var (filter, imu) = settledFilter()
    imu.time += 30  // the recording paused for 30 s while the gyroscope read 1 rad/s
    var sample = imu.sample(angularVelocity: SIMD3(0, 0, 1))
    let used5 = filter.update(sample)

    #expect(!used5)
    #expect(filter.lastRejection == .timeGap(.gyroscope))
    let before = filter.orientation6D
    sample.time += 0.01
    sample.gyroscope = .zero
    let used6 = filter.update(sample)

    #expect(used6)
    #expect(filter.orientation6D.angle(to: before) < 0.01)
  }

  @Test func eachSensorsLimitAndNonFiniteValuesHaveTheirOwnReason() {
    var (filter, imu) = settledFilter()
    var sample = imu.sample()
    sample.accelerometer = SIMD3(0, 0, 1e5)
    let used7 = filter.update(sample)

    #expect(!used7)
    #expect(filter.lastRejection == .outOfRange(.accelerometer))
    sample = imu.sample()
    sample.magnetometer = SIMD3(0, .infinity, 0)
    let used8 = filter.update(sample)

    #expect(!used8)
    #expect(filter.lastRejection == .notFinite(.magnetometer))
    sample = imu.sample()
    sample.time = .nan
    let used9 = filter.update(sample)

    #expect(!used9)
    #expect(filter.lastRejection == .notFinite(.gyroscope))
    sample = imu.sample()
    sample.time -= 1
    let used10 = filter.update(sample)

    #expect(!used10)
    #expect(filter.lastRejection == .timestampNotIncreasing(.gyroscope))
    let used11 = filter.updateMagnetometer(SIMD3(2e4, 0, 0), timestamp: imu.time + 1)

    #expect(!used11)
    #expect(filter.lastRejection == .outOfRange(.magnetometer))
    #expect(filter.rejectedSampleCount == 5)
    #expect(filter.rejectionCounts.values.reduce(0, +) == 5)
  }

  /// Limits set to infinity take every sample through the exact checks: infinite and NaN values are still
  /// rejected as not finite, and finite values within the unlimited ranges are used.
  @Test func infiniteLimitsStillRejectValuesThatAreNotFinite() {
    var parameters = OrientationFilter.Parameters()
    parameters.maximumRotationRate = .infinity
    parameters.maximumSampleInterval = .infinity
    var filter = OrientationFilter(parameters: parameters)
    var imu = SyntheticIMU()
    imu.run(&filter, seconds: 1, angularVelocity: SIMD3(0.1, 0.2, 0.3))
    var sample = imu.sample()
    sample.gyroscope = SIMD3(.infinity, 0, 0)
    let usedInfinite = filter.update(sample)

    #expect(!usedInfinite)
    #expect(filter.lastRejection == .notFinite(.gyroscope))
    sample = imu.sample()
    sample.time = .infinity
    let usedAtInfinity = filter.update(sample)

    #expect(!usedAtInfinity)
    #expect(filter.lastRejection == .notFinite(.gyroscope))
    imu.time += 1e6  // a pause of 11 days is no gap when the longest interval is unlimited
    sample = imu.sample()
    sample.gyroscope = SIMD3(1e6, 0, 0)
    let usedAfterPause = filter.update(sample)

    #expect(usedAfterPause)
    #expect(filter.rejectedSampleCount == 2)
    #expect(isUnit(filter.orientation) && isUnit(filter.orientation6D))
  }

  /// A NaN limit is a limit no value is within: every sample of that sensor is out of range.
  @Test func aNaNLimitRejectsEverySampleOfItsSensor() {
    var parameters = OrientationFilter.Parameters()
    parameters.maximumSpecificForce = .nan
    var filter = OrientationFilter(parameters: parameters)
    var imu = SyntheticIMU()
    let used = filter.update(imu.sample())

    #expect(!used)
    #expect(filter.lastRejection == .outOfRange(.accelerometer))
  }

  /// A seeded fuzz run: ordinary motion interleaved with extreme values in every field and every
  /// entry point. The orientation must stay finite and unit after every call.
  @Test(arguments: [1, 2, 3] as [UInt64])
  func fuzzingWithExtremeValuesNeverLeavesTheUnitSphere(seed: UInt64) {
    var random = SeededGenerator(seed: seed)
    // 0x1p-1063 and -0x1p-1030 are subnormal (about 1e-320 and -8.7e-311), written exactly.
    let extremes: [Double] = [
      0, -0.0, 0x1p-1063, -0x1p-1030, 1e-150, 1e150, -1e200, 1e300, .greatestFiniteMagnitude,
      -.greatestFiniteMagnitude, .infinity, -.infinity, .nan, 999, -9_999, 12_000,
    ]
    func value(_ ordinary: Double) -> Double {
      Int.random(in: 0..<8, using: &random) == 0
        ? extremes.randomElement(using: &random)! : ordinary
    }
    func vector(_ v: SIMD3<Double>) -> SIMD3<Double> { SIMD3(value(v.x), value(v.y), value(v.z)) }

    var imu = SyntheticIMU()
    var filter = OrientationFilter()
    var estimator = DeviceMotionEstimator(frame: .xMagneticNorthZVertical)
    for step in 0..<6_000 {
      let turn = SIMD3(sin(Double(step) / 300), 0.5, cos(Double(step) / 200))
      let sample = imu.sample(angularVelocity: turn)
      let time = Int.random(in: 0..<50, using: &random) == 0 ? value(sample.time) : sample.time
      let gyroscope = vector(sample.gyroscopeOrZero)
      let accelerometer = vector(sample.accelerometerOrZero)
      let magnetometer = sample.magnetometer.map(vector)
      switch Int.random(in: 0..<4, using: &random) {
      case 0: filter.updateGyroscope(gyroscope, timestamp: time)
      case 1: filter.updateAccelerometer(accelerometer, timestamp: time)
      case 2: filter.updateMagnetometer(magnetometer ?? .zero, timestamp: time)
      default:
        filter.update(
          gyroscope: gyroscope, accelerometer: accelerometer, magnetometer: magnetometer,
          timestamp: time)
      }
      let motion = estimator.update(
        rotationRate: RotationRate(x: gyroscope.x, y: gyroscope.y, z: gyroscope.z),
        acceleration: Acceleration(
          x: -accelerometer.x / 9.81, y: -accelerometer.y / 9.81, z: -accelerometer.z / 9.81),
        magneticField: magnetometer.map { MagneticField(x: $0.x, y: $0.y, z: $0.z) },
        timestamp: time)
      #expect(isUnit(filter.orientation) && isUnit(filter.orientation6D), "step \(step)")
      #expect(isUnit(motion.attitude.quaternion), "step \(step)")
      #expect(motion.gravity.x.isFinite && motion.userAcceleration.z.isFinite, "step \(step)")
      #expect(motion.rotationRate.x.isFinite && (motion.heading ?? 0).isFinite, "step \(step)")
      imu.advance(angularVelocity: turn)
    }
    let bias = filter.gyroscopeBias
    #expect(bias.x.isFinite && bias.y.isFinite && bias.z.isFinite)
    #expect(filter.rejectedSampleCount > 100)
  }
}
