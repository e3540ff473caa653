import ComposableMotion
import ComposableSensorsTesting
import Foundation
import Testing

/// True north from the device's position: `MotionClient.setLocation` gives the replay client
/// the World Magnetic Model's declination, and true-north attitudes turn by it.
@Suite(.timeLimit(.minutes(1))) struct TrueNorthFromLocationTests {
  let recording: IMURecording
  /// Seattle, 2026-01-01T00:00:00Z.
  let seattle = GeographicPosition(
    latitude: 47.6205, longitude: -122.3493, altitude: 100,
    timestamp: Timestamp(timeIntervalSince1970: 1_767_225_600))

  init() throws {
    let url = try #require(
      Bundle.module.url(
        forResource: "broad-02-rest-head", withExtension: "csv", subdirectory: "Fixtures"))
    recording = try IMURecording(contentsOf: url)
  }

  @Test func aPositionMakesTrueNorthAvailableWithTheModelsDeclination() throws {
    let motion = MotionClient.replay(recording: recording, clock: TestClock())
    #expect(motion.magneticDeclination() == nil)
    #expect(!motion.availableAttitudeReferenceFrames().contains(.xTrueNorthZVertical))
    try motion.setLocation(seattle)
    let expected = try WorldMagneticModel.wmm2025.field(
      latitude: 47.6205, longitude: -122.3493, altitude: 100, decimalYear: 2026
    ).declination
    #expect(motion.magneticDeclination() == expected)
    #expect(motion.availableAttitudeReferenceFrames().contains(.xTrueNorthZVertical))
  }

  @Test func aDeclinationGivenAtCreationWinsOverAPosition() throws {
    let motion = MotionClient.replay(
      recording: recording, clock: TestClock(), magneticDeclination: 3.2)
    try motion.setLocation(seattle)
    #expect(motion.magneticDeclination() == 3.2)
  }

  @Test func outsideTheModelTheSourcesVariationIsUsedElseTheModelsErrorIsThrown() throws {
    let motion = MotionClient.replay(recording: recording, clock: TestClock())
    var old = seattle
    old.timestamp = Timestamp(timeIntervalSince1970: 1_577_836_800)  // 2020-01-01
    #expect(throws: GeomagneticError.self) { try motion.setLocation(old) }
    #expect(motion.magneticDeclination() == nil)
    #expect(!motion.availableAttitudeReferenceFrames().contains(.xTrueNorthZVertical))
    old.magneticVariation = 15.9  // gpsd's magvar for that fix
    try motion.setLocation(old)
    #expect(motion.magneticDeclination() == 15.9)
  }

  @Test func trueNorthHeadingsAreMagneticOnesPlusTheDeclination() async throws {
    let clock = TestClock()
    let motion = MotionClient.replay(recording: recording, clock: clock, bufferLimit: 1000)
    try motion.setLocation(seattle)
    let declination = try #require(motion.magneticDeclination())
    await motion.create(id: "magnetic")
    await motion.create(id: "true")
    async let magnetic = collect(
      motion.startDeviceMotionUpdates(id: "magnetic", using: .xMagneticNorthZVertical))
    async let trueNorth = collect(
      motion.startDeviceMotionUpdates(id: "true", using: .xTrueNorthZVertical))
    await clock.waitForSleepers()
    await clock.advance(by: .seconds(2))
    let (m, t) = try await (magnetic, trueNorth)
    #expect(m.count == t.count && m.count >= 100)
    for (a, b) in zip(m, t) {
      let mh = try #require(a.heading)
      let th = try #require(b.heading)
      let turned = (mh + declination).truncatingRemainder(dividingBy: 360)
      let difference = abs(th - (turned < 0 ? turned + 360 : turned))
      #expect(min(difference, 360 - difference) < 1e-6)
    }
  }
}
