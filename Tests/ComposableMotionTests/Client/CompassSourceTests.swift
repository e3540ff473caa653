import ComposableMotion
import ComposableSensorsTesting
import Foundation
import Testing

/// `CompassSource.deviceMotion`: device motion in the magnetic-north frame, as compass readings.
@Suite(.timeLimit(.minutes(1))) struct CompassSourceTests {
  static let epoch = Timestamp(timeIntervalSince1970: 1_767_225_600)

  @Test func readingsAreDeviceMotionsHeadingForTheOrientationsEdge() async throws {
    let url = try #require(
      Bundle.module.url(
        forResource: "broad-02-rest-head", withExtension: "csv", subdirectory: "Fixtures"))
    let clock = TestClock()
    let motion = MotionClient.replay(
      recording: try IMURecording(contentsOf: url), clock: clock, bufferLimit: 1000)
    let left = CompassSource.deviceMotion(motion, id: "left", epoch: Self.epoch)
    let portrait = CompassSource.deviceMotion(motion, id: "portrait", epoch: Self.epoch)
    await motion.create(id: "raw")
    async let raw = collect(
      motion.startDeviceMotionUpdates(id: "raw", using: .xMagneticNorthZVertical))
    async let leftReadings = collect(left.readings(.landscapeLeft))
    async let portraitReadings = collect(portrait.readings(.portrait))
    await clock.waitForSleepers()
    await clock.advance(by: .seconds(2))
    let motions = try await raw.filter { $0.heading != nil }
    let (l, p) = try await (leftReadings, portraitReadings)
    #expect(motions.count > 90 && l.count == motions.count && p.count == motions.count)
    for ((update, a), b) in zip(zip(motions, l), p) {
      // The recording lies flat: the right edge's heading is device motion's (its x axis's),
      // the top edge's 90° less.
      let heading = try #require(update.heading)
      #expect(angle(a.magneticHeading, heading) < 0.5)
      #expect(angle(b.magneticHeading, a.magneticHeading - 90) < 0.5)
      #expect(a.headingAccuracy == update.headingAccuracy)
      let field = update.magneticField.field
      #expect(a.x == field.x && a.y == field.y && a.z == field.z)
      #expect(a.timestamp == Self.epoch + update.timestamp)
    }
    // Every subscription's manager is destroyed once it ends.
    #expect(!motion.isActive(AnyHashableSendable("left"), .deviceMotion))
  }
}

/// The smaller angle between two directions, degrees.
private func angle(_ a: Double, _ b: Double) -> Double {
  let d = abs(a - b).truncatingRemainder(dividingBy: 360)
  return d > 180 ? 360 - d : d
}
