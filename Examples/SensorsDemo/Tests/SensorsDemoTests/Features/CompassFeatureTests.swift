import ComposableLocation
import ComposableMotion
import ComposableSensorsTesting
import ComposableStore
import Foundation
import Testing

@testable import SensorsDemoFeatures

/// Compass headings end to end: the bundled BROAD IMU recording replayed through
/// `MotionClient`, made a compass with `CompassSource.deviceMotion`, given to a `LocationClient`
/// replaying the bundled gpsd capture, and driven by `CompassFeature` in a `TestStore`, with one
/// big advance of the test clock.
@Suite("Compass heading end to end", .timeLimit(.minutes(2)))
struct CompassFeatureTests {
  /// The capture's first fix, 2026-11-22T09:53:05.802Z: the IMU recording is stamped from it.
  static let epoch = Timestamp(timeIntervalSince1970: 1_795_341_185.802)

  @Test("headings come from the magnetometer, true north from the WMM at the replayed fixes")
  func replayedRecordingAndCapture() async throws {
    let recording = try IMURecording(contentsOf: try #require(Sources.bundledIMURecording))
    let capture = try #require(Sources.bundledGPSDCapture)
    let clock = TestClock()
    let motion = MotionClient.replay(recording: recording, clock: clock)
    let location = LocationClient.replay(
      contentsOf: capture,
      configuration: .init(compass: .deviceMotion(motion, epoch: Self.epoch)), clock: clock)
    let store = TestStore(initialState: CompassFeature.State()) {
      CompassFeature(location: location)
    }
    store.exhaustivity = .off
    await store.send(.onAppear)
    // The capture's replay waits on the clock once it has begun; then one advance plays it all
    // (the IMU replay starts on the first fix, inside this advance).
    await clock.waitForSleepers()
    await clock.advance(by: .seconds(600))
    // The replays are done with the clock; the last readings may still be on their way through
    // the engine and the effect (each hop waits for the next): wait for the last one expected.
    let expected = try await Self.directHeadings(
      recording: recording, fix: try #require(store.stateAfterReceivedActions.location))
    let last = try #require(expected.last)
    await store.receive(
      where: { action in
        guard case .locationManager(.headingUpdated(let heading)) = action else { return false }
        return heading.timestamp == last.timestamp
          && heading.magneticHeading == last.magneticHeading
      }, timeout: .seconds(60))

    let state = store.stateAfterReceivedActions
    let fix = try #require(state.location)
    #expect(abs(fix.coordinate.latitude - -27.21) < 0.01, "the haicom-305N walk near Brisbane")
    #expect(state.isUpdatingHeading)
    #expect(state.error == nil)
    let headings = state.history
    #expect(headings.count == state.headingCount)
    #expect(state.heading == headings.last)

    // The same readings, straight from the compass source, through the same heading filter.
    #expect(headings.count == expected.count && expected.count > 50)
    for (heading, reference) in zip(headings, expected) {
      #expect(heading.source == .compass)
      #expect(heading.magneticHeading == reference.magneticHeading)
      #expect(heading.headingAccuracy == reference.headingAccuracy)
      #expect(heading.timestamp == reference.timestamp)
      #expect(heading.x == reference.x && heading.y == reference.y && heading.z == reference.z)
      // Every heading came after the first fix, so every one has its true north: the model's
      // declination at the fixes (all within metres of each other), and gpsd's own magvar
      // (10.9°, from gpsd's older model) within a few tenths.
      let magnetic = try #require(heading.magneticHeading)
      let declination =
        (heading.trueHeading - magnetic + 540).truncatingRemainder(
          dividingBy: 360) - 180
      #expect(abs(declination - reference.declination) < 0.01)
      #expect(abs(declination - 10.9) < 0.5)
    }
    let stamps = headings.compactMap { $0.timestamp?.timeIntervalSince(Self.epoch) }
    #expect(stamps.allSatisfy { (40...61).contains($0) }, "the recording's rows are t = 40…60 s")

    await store.send(.onDisappear)
  }

  /// What the compass alone gives for the recording, filtered as the client filters (1°), with
  /// the declination the model gives at `fix`.
  static func directHeadings(recording: IMURecording, fix: Location) async throws -> [(
    magneticHeading: Double, headingAccuracy: Double?, timestamp: Timestamp?,
    x: Double?, y: Double?, z: Double?, declination: Double
  )] {
    let clock = TestClock()
    let compass = CompassSource.deviceMotion(
      MotionClient.replay(recording: recording, clock: clock), epoch: epoch)
    let position = try #require(fix.geographicPosition)
    let declination = try position.magneticDeclination()
    async let readings = {
      var all: [CompassReading] = []
      for try await reading in compass.readings(.portrait) { all.append(reading) }
      return all
    }()
    await clock.waitForSleepers()
    await clock.advance(by: .seconds(60))
    var filter = HeadingFilter(headingFilter: 1)
    return try await readings.compactMap {
      filter.heading(from: $0, declination: declination, speed: 0)
    }.map {
      (
        $0.magneticHeading ?? .nan, $0.headingAccuracy, $0.timestamp, $0.x, $0.y, $0.z,
        declination
      )
    }
  }
}
