import Foundation
import Testing

@testable import ComposableMotion

/// A fit whose answer can change nothing is not solved: while the device turns about one axis only,
/// a calibration that explains the steps within the model's noise is confirmed at `low` by its own
/// solve; a distorted magnetometer turned the same way still gets its fit.
@Suite("MagnetometerCalibrator: fits that can change nothing are not solved")
struct MagnetometerCalibratorSettledFitTests {
  private let earthField = SIMD3<Double>(0, 20, -40)

  /// Turns about the vertical only (rotation coverage 0) at 0.8 rad/s for `seconds` at 100 Hz,
  /// with `hardIron` (µT) added to the field and ±0.15 µT of noise.
  private func turnedAboutTheVertical(hardIron: SIMD3<Double>, seconds: Double)
    -> MagnetometerCalibrator
  {
    var calibrator = MagnetometerCalibrator()
    var noise = 0x2545_F491_4F6C_DD1D as UInt64
    let interval = 0.01
    for index in 0..<Int(seconds / interval) {
      let orientation = Quaternion(
        axis: SIMD3(0, 0, 1), angle: 0.8 * Double(index) * interval)
      noise = noise &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      let jitter = Double(noise >> 11) / Double(1 << 53) - 0.5
      let raw = orientation.conjugate.rotate(earthField) + hardIron + SIMD3(repeating: 0.3 * jitter)
      _ = calibrator.update(
        raw, orientation6D: orientation, rotationRate: 0.8, sampleInterval: interval)
    }
    return calibrator
  }

  @Test func aCleanMagnetometerTurnedAboutOneAxisIsConfirmedWithoutFullFits() {
    let calibrator = turnedAboutTheVertical(hardIron: .zero, seconds: 6)

    #expect(calibrator.fitCount >= 3)
    // The first fit confirms the identity at `low` (solved in full); the later ones could change
    // nothing and were confirmed by the identity's own solve.
    #expect(calibrator.settledFitCount >= 1)
    #expect(calibrator.settledFitCount < calibrator.fitCount)
    #expect(calibrator.adoptedFitCount == 0)
    #expect(calibrator.calibration.accuracy == .low)
    #expect(calibrator.calibration.hardIron == .zero)
  }

  @Test func aHardIronTurnedAboutOneAxisIsStillFitted() {
    let hardIron = SIMD3<Double>(35, -25, 10)
    let calibrator = turnedAboutTheVertical(hardIron: hardIron, seconds: 6)

    #expect(calibrator.adoptedFitCount >= 1)
    // Turning about the vertical shows the horizontal offset (the vertical one stays the prior's).
    let learned = calibrator.calibration.hardIron
    #expect(abs(learned.x - hardIron.x) < 1)
    #expect(abs(learned.y - hardIron.y) < 1)
  }
}
