import Foundation
import Geomagnetism
import SensorsCore
import Testing

@testable import ComposableMotion

/// Fits no real magnetometer in no real place gives are not adopted: the Earth-wide and local
/// field priors, the soft iron's anisotropy, and a fit's unsupported rotation about the vertical.
@Suite("MagnetometerCalibrator: plausible fits only")
struct MagnetometerCalibratorPlausibilityTests {
  /// Berlin (TU Berlin), where BROAD was recorded.
  private let berlin = GeographicPosition(latitude: 52.51, longitude: 13.32, altitude: 60)
  /// 2025-06-01T00:00:00Z.
  private let june2025 = Timestamp(timeIntervalSince1970: 1_748_736_000)

  @Test func theEarthWidePriorAdmitsEveryFieldTheModelGivesOnTheSurface() throws {
    // WMM2025 on a 5° × 10° grid at both ends of its years: each place's strength and dip must be
    // inside the envelope with no tolerance at all.
    let exact = MagneticFieldPrior(reference: .earthWide, strengthTolerance: 0, dipTolerance: 0)
    var checked = 0
    for year in [2025.0, 2030.0] {
      for latitude in stride(from: -90.0, through: 90, by: 5) {
        for longitude in stride(from: -180.0, to: 180, by: 10) {
          let field = try WorldMagneticModel.wmm2025.field(
            latitude: latitude, longitude: longitude, decimalYear: year)
          let strength = field.totalIntensity / 1000
          #expect(exact.admits(strength: strength, dip: field.inclination))
          checked += 1
        }
      }
    }
    #expect(checked == 2 * 37 * 36)
  }

  @Test func theEarthWidePriorRejectsFieldsNoPlaceHas() {
    let earth = MagneticFieldPrior.earthWide
    #expect(earth.admits(strength: 44.5, dip: 69.5))  // the BROAD lab, as its sensor reads it
    #expect(earth.admits(strength: 25, dip: -20))  // the South Atlantic anomaly
    // Near the magnetic equator the field is 24–42 µT: 75 µT there is no place, whatever the
    // sensor's scale (±30 %).
    #expect(!earth.admits(strength: 75, dip: 10))
    #expect(!earth.admits(strength: 120, dip: 70))
    #expect(!earth.admits(strength: 8, dip: 60))
    #expect(!earth.admits(strength: .nan, dip: 60))
    #expect(!earth.admits(strength: 50, dip: .infinity))
    #expect(MagneticFieldPrior.none.admits(strength: 500, dip: 0))
  }

  @Test func aLocationGivesTheModelsFieldThereAsThePrior() throws {
    let prior = try MagneticFieldPrior(position: berlin, at: june2025)
    let field = try WorldMagneticModel.wmm2025.field(
      latitude: berlin.latitude, longitude: berlin.longitude, altitude: berlin.altitude,
      at: june2025)
    guard case .local(let strength, let dip) = prior.reference else {
      Issue.record("expected a local prior, got \(prior.reference)")
      return
    }
    #expect(abs(strength - field.totalIntensity / 1000) < 1e-9)
    #expect(abs(dip - field.inclination) < 1e-9)
    #expect(abs(strength - 49.9) < 0.5)  // NOAA's calculator: about 49.9 µT, dip 68.5°
    #expect(abs(dip - 68.5) < 0.5)
    // The lab's sensor reads 44.5 µT at a dip of 69.5°: within the sensor's scale and the
    // building's steel. The 70–77 µT fits of BROAD trial 33's first second are not.
    #expect(prior.admits(strength: 44.5, dip: 69.5))
    #expect(!prior.admits(strength: 67.5, dip: 69.5))
    #expect(!prior.admits(strength: 45, dip: 50))
  }

  @Test func aLocalPriorWhoseStrengthIsNotFiniteAdmitsNothing() {
    // A `.local` reference made from a bad source (NaN) must not admit a field, nor trap.
    let nan = MagneticFieldPrior(reference: .local(strength: .nan, dip: 60))
    #expect(!nan.admits(strength: 50, dip: 60))
    #expect(!nan.admits(strength: .nan, dip: 60))
    let infinite = MagneticFieldPrior(reference: .local(strength: .infinity, dip: 60))
    #expect(!infinite.admits(strength: 50, dip: 60))
  }

  @Test func aLocationOutsideTheModelsYearsThrowsTheModelsError() {
    let january2021 = Timestamp(timeIntervalSince1970: 1_609_459_200)
    #expect(throws: GeomagneticError.self) {
      try MagneticFieldPrior(position: berlin, at: january2021)
    }
  }

  @Test func anisotropyIsTheRatioOfTheStrongestToTheWeakestStretch() {
    #expect(abs(Matrix3.identity.anisotropy - 1) < 1e-12)
    let squeezed = Matrix3.diagonal(SIMD3(1.58, 1.58, 0.4))
    #expect(abs(squeezed.anisotropy - 3.95) < 1e-9)
    // A rotation does not stretch: a rotated stretch has the stretch's anisotropy.
    let turned =
      Matrix3(axis: SIMD3(0, 0.6, 0.8), angle: 0.7) * Matrix3.diagonal(SIMD3(1.2, 1, 0.9))
    #expect(abs(turned.anisotropy - 1.2 / 0.9) < 1e-9)
    #expect(Matrix3.diagonal(SIMD3(1, 1, 0)).anisotropy == .infinity)
  }

  @Test func theOrthogonalFactorAndItsRotationVectorUndoARotatedStretch() throws {
    let axis = SIMD3<Double>(0.36, 0.48, 0.8)
    let stretch = Matrix3(
      r0: SIMD3(1.1, 0.05, 0), r1: SIMD3(0.05, 0.95, 0.02), r2: SIMD3(0, 0.02, 0.97))
    let k = Matrix3(axis: axis, angle: 0.05) * stretch
    let q = try #require(k.orthogonalFactor)
    let vector = q.rotationVector
    #expect(abs(vector.x - 0.36 * 0.05) < 1e-9)
    #expect(abs(vector.y - 0.48 * 0.05) < 1e-9)
    #expect(abs(vector.z - 0.8 * 0.05) < 1e-9)
    // A reflection is no calibration.
    #expect(Matrix3.diagonal(SIMD3(1, 1, -1)).orthogonalFactor == nil)
  }

  @Test func aFitSqueezingOneAxisFourfoldIsNotAdopted() {
    var calibrator = MagnetometerCalibrator()
    let squeezed = MagnetometerCalibration(
      hardIron: SIMD3(0, 0, 156),
      softIronCorrection: .init(x: SIMD3(1.58, 0, 0), y: SIMD3(0, 1.58, 0), z: SIMD3(0, 0, 0.4)),
      accuracy: .low, fieldStrength: 44.5, dip: 69.5)
    let squeezedIsPlausible = calibrator.isPlausible(squeezed)
    #expect(!squeezedIsPlausible)
    #expect(calibrator.implausibleFitCount == 1)
    let earthLike = MagnetometerCalibration(
      hardIron: SIMD3(0, 0, 28), softIronCorrection: .identity, accuracy: .low, fieldStrength: 45,
      dip: 69.4)
    let earthLikeIsPlausible = calibrator.isPlausible(earthLike)
    #expect(earthLikeIsPlausible)
    var tooStrong = earthLike
    tooStrong.fieldStrength = 120
    let tooStrongIsPlausible = calibrator.isPlausible(tooStrong)
    #expect(!tooStrongIsPlausible)
    #expect(calibrator.implausibleFitCount == 2)
  }

  /// A magnet fixed to the device before it first moves (BROAD trial 33): the device rests, turns
  /// back and forth about the vertical with a little tilt, then tumbles. Feeds the field (the
  /// Earth's, turned into the device, plus the magnet's offset and ±0.15 µT noise) with the true
  /// orientation; returns every calibration in use along the way.
  private func magnetBeforeFirstMotion(
    _ calibrator: inout MagnetometerCalibrator, magnet: SIMD3<Double>
  ) -> [MagnetometerCalibration] {
    let earth = SIMD3<Double>(0, 15.5, -41.7)
    var random = SeededGenerator(seed: 33)
    var used: [MagnetometerCalibration] = []
    let interval = 0.01
    let degree = Double.pi / 180
    for step in 0..<3000 {
      let t = Double(step) * interval
      let swaying = max(0, min(t - 2, 3))
      let tumbling = max(0, t - 5)
      let orientation =
        (Quaternion(axis: SIMD3(0, 0, 1), angle: 25 * degree * sin(2.1 * swaying) + 0.8 * tumbling)
        * Quaternion(axis: SIMD3(1, 0, 0), angle: 6 * degree + 0.6 * tumbling)
        * Quaternion(axis: SIMD3(0, 1, 0), angle: 0.35 * tumbling)).normalized
      let noise = SIMD3<Double>(
        .random(in: -0.15...0.15, using: &random), .random(in: -0.15...0.15, using: &random),
        .random(in: -0.15...0.15, using: &random))
      let raw = orientation.conjugate.rotate(earth) + magnet + noise
      _ = calibrator.update(raw, orientation6D: orientation, rotationRate: 0.5)
      used.append(calibrator.calibration)
    }
    return used
  }

  @Test func aMagnetAttachedBeforeTheFirstMovementIsLearnedWithoutAnImplausibleFitOnTheWay() {
    let magnet = SIMD3<Double>(-3, 0, 28)
    var calibrator = MagnetometerCalibrator()
    let used = magnetBeforeFirstMotion(&calibrator, magnet: magnet)
    for calibration in used where calibration.fieldStrength > 0 {
      #expect(
        MagneticFieldPrior.earthWide.admits(
          strength: calibration.fieldStrength, dip: calibration.dip))
      #expect(Matrix3(calibration.softIronCorrection).anisotropy <= 2)
    }
    #expect(calibrator.implausibleFitCount > 0)
    // Without the gates, the same samples do adopt such fits on the way.
    var parameters = MagnetometerCalibrator.Parameters()
    parameters.largestAnisotropy = .infinity
    var ungated = MagnetometerCalibrator(parameters: parameters, fieldPrior: .none)
    let ungatedUsed = magnetBeforeFirstMotion(&ungated, magnet: magnet)
    #expect(
      ungatedUsed.contains {
        $0.fieldStrength > 0
          && (!MagneticFieldPrior.earthWide.admits(strength: $0.fieldStrength, dip: $0.dip)
            || Matrix3($0.softIronCorrection).anisotropy > 2)
      })
    let final = calibrator.calibration
    #expect(final.accuracy >= .medium)
    #expect((final.hardIron - magnet).length < 1.5)
    #expect(abs(final.fieldStrength - 44.5) < 2)
  }

  @Test func aLocationPriorKeepsTheSameMagnetsFitsToTheLocalField() throws {
    var calibrator = MagnetometerCalibrator(
      fieldPrior: MagneticFieldPrior(reference: .local(strength: 44.5, dip: 69.6)))
    let used = magnetBeforeFirstMotion(&calibrator, magnet: SIMD3(-3, 0, 28))
    for calibration in used where calibration.fieldStrength > 0 {
      #expect(abs(calibration.fieldStrength / 44.5 - 1) <= 0.3)
      #expect(abs(calibration.dip - 69.6) <= 10)
    }
    #expect(calibrator.calibration.accuracy >= .medium)
  }

  @Test func aRotationAboutTheVerticalWithinTwiceTheHeadingsUncertaintyIsRemovedByDefault() {
    let degree = Double.pi / 180
    let turned = Matrix3(axis: SIMD3(0, 0, 1), angle: 0.8 * degree)
    let fitted = MagnetometerCalibration(
      hardIron: SIMD3(-1.7, 0, -3.2),
      softIronCorrection: .init(x: turned.r0, y: turned.r1, z: turned.r2), accuracy: .high,
      fieldStrength: 44.5, dip: 68.8)
    let raw = SIMD3<Double>(8, 14, -41)
    // With significance 0 every rotation is adopted.
    var parameters = MagnetometerCalibrator.Parameters()
    parameters.headingRotationSignificance = 0
    var kept = fitted
    let keptShift = MagnetometerCalibrator(parameters: parameters)
      .removeUnsupportedHeadingRotation(&kept, uncertainty: 0.9, raw: raw, rotation: .identity)
    #expect(kept == fitted)
    #expect(keptShift == 0)
    // By default, two standard deviations: 0.8° is within 2 × 0.9°, so it goes, and the fit's
    // heading turns back by it.
    #expect(MagnetometerCalibrator.Parameters().headingRotationSignificance == 2)
    let strict = MagnetometerCalibrator()
    var removed = fitted
    let shift = strict.removeUnsupportedHeadingRotation(
      &removed, uncertainty: 0.9, raw: raw, rotation: .identity)
    #expect(Matrix3(removed.softIronCorrection).anisotropy < 1 + 1e-9)
    #expect(abs(removed.softIronCorrection.y.x) < 1e-9)
    #expect(abs(abs(shift) - 0.8 * degree) < 1e-6)
    #expect(removed.hardIron == fitted.hardIron)
    // A rotation the fit is sure of (0.8° against 0.2°) stays.
    var sure = fitted
    _ = strict.removeUnsupportedHeadingRotation(
      &sure, uncertainty: 0.2, raw: raw, rotation: .identity)
    #expect(sure == fitted)
  }
}
