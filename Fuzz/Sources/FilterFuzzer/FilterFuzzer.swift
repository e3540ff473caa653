import ComposableMotion
import FuzzDriver
import Glibc

/// libFuzzer entry point: the bytes as a stream of IMU samples (ten doubles each: time, gyroscope,
/// accelerometer, magnetometer, any bit pattern: NaN, infinities, 1e300, time going backwards).
/// The filter may reject a sample; it must never trap, and its orientation stays a finite unit
/// quaternion whatever it was fed. The offline smoother then gets all the samples at once, with the
/// same demand on every estimate. The same stream also goes through a filter with the online
/// magnetometer calibration, whose calibration must stay finite too, and drives the calibrator directly.
@_cdecl("LLVMFuzzerTestOneInput")
public func filterFuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  guard let data else { return 0 }
  let count = size / 8
  let values =
    UnsafeRawPointer(data).loadUnaligned(fromByteOffset: 0, as: UInt8.self) == 0
    ? (0..<count).map {
      Double(
        bitPattern: UnsafeRawPointer(data).loadUnaligned(fromByteOffset: $0 * 8, as: UInt64.self))
    }
    : (0..<count).map {
      Double(UnsafeRawPointer(data).loadUnaligned(fromByteOffset: $0 * 8, as: Int64.self) % 100_000)
        / 100
    }
  var filter = OrientationFilter()
  var samples: [IMURecording.Sample] = []
  var calibrated = OrientationFilter(magnetometerCalibrator: MagnetometerCalibrator())
  var calibrator = MagnetometerCalibrator()
  var index = 0
  while index + 10 <= values.count {
    let v = values[index..<(index + 10)].map { $0 }
    let sample = IMURecording.Sample(
      time: v[0], gyroscope: SIMD3(v[1], v[2], v[3]), accelerometer: SIMD3(v[4], v[5], v[6]),
      magnetometer: SIMD3(v[7], v[8], v[9]))
    samples.append(sample)
    _ = filter.update(sample)
    requireUnit(filter.orientation, "orientation after \(index / 10 + 1) samples")
    _ = calibrated.update(sample)
    requireUnit(calibrated.orientation, "calibrated orientation after \(index / 10 + 1) samples")
    if let calibration = calibrated.magnetometerCalibrator?.calibration {
      let k = calibration.softIronCorrection
      let parts = [calibration.hardIron, k.x, k.y, k.z]
      guard parts.allSatisfy({ $0.x.isFinite && $0.y.isFinite && $0.z.isFinite }),
        calibration.fieldStrength.isFinite, calibration.dip.isFinite
      else {
        fatalError("calibration \(calibration.textLine) after \(index / 10 + 1) samples")
      }
    }
    driveCalibrator(&calibrator, v)
    index += 10
  }
  // The offline smoother over the same samples: every estimate a finite unit quaternion too.
  let estimate = OfflineOrientationSmoother().smooth(samples)
  for (row, q) in estimate.orientations.enumerated() {
    requireUnit(q, "offline orientation \(row + 1) of \(samples.count)")
  }
  return 0
}

/// Feeds the calibrator directly with what the filter would hand it (a unit orientation, a field within
/// the filter's ±10 mT), but otherwise arbitrary: orientations jumping anywhere, fields that fit no
/// ellipsoid. The corrected field must stay finite.
func driveCalibrator(_ calibrator: inout MagnetometerCalibrator, _ v: [Double]) {
  let q = Quaternion(w: v[0], x: v[1], y: v[2], z: v[3])
  let norm = (q.w * q.w + q.x * q.x + q.y * q.y + q.z * q.z).squareRoot()
  guard norm.isFinite, norm > 1e-100, v[4...].allSatisfy(\.isFinite) else { return }
  let limit = 10_000.0
  let raw = SIMD3(v[7], v[8], v[9]).clamped(
    lowerBound: SIMD3(repeating: -limit), upperBound: SIMD3(repeating: limit))
  let field = calibrator.update(
    raw, orientation6D: Quaternion(w: q.w / norm, x: q.x / norm, y: q.y / norm, z: q.z / norm),
    rotationRate: abs(v[4]))
  guard field.x.isFinite, field.y.isFinite, field.z.isFinite else {
    fatalError("calibrated field \(field) for \(raw) is not finite")
  }
}

private func requireUnit(_ q: Quaternion, _ what: @autoclosure () -> String) {
  let norm = (q.w * q.w + q.x * q.x + q.y * q.y + q.z * q.z).squareRoot()
  guard norm.isFinite, abs(norm - 1) < 1e-6 else {
    fatalError("\(what()) \(q) is not a unit quaternion")
  }
}

/// The executable's entry point: libFuzzer's driver, run on this harness's target.
@main
enum FilterFuzzer {
  static func main() {
    runLibFuzzer(filterFuzzerTestOneInput)
  }
}
