import ComposableMotion
import ComposableSensorsTesting
import Foundation
import Testing

/// `attitudeReferenceFrame(id:)`, like `CMMotionManager.attitudeReferenceFrame`: the frame a manager's
/// device motion uses, or the default before it starts any.
@Suite("MotionClient.attitudeReferenceFrame", .timeLimit(.minutes(1)))
struct AttitudeReferenceFrameClientTests {
  @Test func aManagerReportsTheDefaultFrameUntilItStartsDeviceMotionInAnother() async throws {
    let url = try #require(
      Bundle.module.url(
        forResource: "broad-02-rest-head", withExtension: "csv", subdirectory: "Fixtures"))
    let recording = try IMURecording(contentsOf: url)
    let clock = TestClock()
    let motion = MotionClient.replay(recording: recording, clock: clock)
    await motion.create(id: "north")
    await motion.create(id: "other")
    #expect(motion.attitudeReferenceFrame(id: "north") == .xArbitraryZVertical)

    let updates = motion.startDeviceMotionUpdates(id: "north", using: .xMagneticNorthZVertical)
    #expect(motion.attitudeReferenceFrame(id: "north") == .xMagneticNorthZVertical)
    #expect(motion.attitudeReferenceFrame(id: "other") == .xArbitraryZVertical)

    await motion.stopDeviceMotionUpdates(id: "north")
    for try await _ in updates {}
    // Like Core Motion, the manager keeps the frame it last used.
    #expect(motion.attitudeReferenceFrame(id: "north") == .xMagneticNorthZVertical)
    await motion.destroy(id: "north")
    await motion.destroy(id: "other")
    #expect(motion.attitudeReferenceFrame(id: "north") == .xArbitraryZVertical)
  }
}
