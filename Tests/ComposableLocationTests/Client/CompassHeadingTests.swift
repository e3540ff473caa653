import ComposableLocation
import ComposableSensorsTesting
import Foundation
import Synchronization
import Testing

/// Compass headings through the client, from a scripted `CompassSource`.
@Suite(.timeLimit(.minutes(1))) struct CompassHeadingTests {
  struct ID: Hashable, Sendable {}
  struct Broken: Error, CustomStringConvertible {
    var description: String { "magnetometer unplugged" }
  }

  let park = Coordinate(latitude: 56.2166, longitude: -3.1119)

  /// A compass whose n-th subscription reads `streams[n]`, recording the orientations asked for.
  final class ScriptedCompass: Sendable {
    let streams = (0..<3).map { _ in ScriptedStream<CompassReading>() }
    let orientations = Mutex<[HeadingOrientation]>([])

    var source: CompassSource {
      CompassSource { [self] orientation in
        let index = orientations.withLock {
          $0.append(orientation)
          return $0.count - 1
        }
        return streams[min(index, streams.count - 1)].stream
      }
    }
  }

  /// A client with a scripted compass, whose capture never delivers a fix (its test clock never
  /// moves).
  static func clientWithoutFixes() -> (ScriptedCompass, LocationClient) {
    let compass = ScriptedCompass()
    let client = LocationClient.replay(
      capture: SyntheticCapture().data, configuration: .init(compass: compass.source),
      clock: TestClock())
    return (compass, client)
  }

  static func reading(_ heading: Double, at second: Double = 0) -> CompassReading {
    CompassReading(
      magneticHeading: heading, headingAccuracy: 4, x: 12, y: -3, z: -45,
      timestamp: Timestamp(timeIntervalSince1970: 1_767_225_600 + second))
  }

  static func headings(_ iterator: inout AsyncStream<LocationEvent>.Iterator, count: Int) async
    -> [Heading]
  {
    var headings: [Heading] = []
    while headings.count < count, let event = await iterator.next() {
      if case .headingUpdated(let heading) = event { headings.append(heading) }
    }
    return headings
  }

  @Test func headingsTurnTrueByTheModelsDeclinationAtTheFixAndPassTheFilter() async throws {
    var capture = SyntheticCapture()
    capture.fix(park, speed: 1.5)
    let compass = ScriptedCompass()
    let client = LocationClient.replay(
      capture: capture.data, configuration: .init(compass: compass.source),
      clock: ImmediateClock())
    var events = await client.create(id: ID()).makeAsyncIterator()
    await client.startUpdatingLocation(id: ID())
    while let event = await events.next() {
      if case .locationsUpdated = event { break }
    }
    await client.set(id: ID(), headingFilter: 1)
    await client.startUpdatingHeading(id: ID())
    await compass.streams[0].waitForConsumer()
    for (second, heading) in [10.0, 10.5, 12, 359.5].enumerated() {
      compass.streams[0].yield(Self.reading(heading, at: Double(second)))
    }
    let headings = await Self.headings(&events, count: 3)
    // 2026-01-01T00:00:01Z at the park: the capture's fix.
    let declination = try WorldMagneticModel.wmm2025.field(
      latitude: park.latitude, longitude: park.longitude,
      at: Timestamp(timeIntervalSince1970: 1_767_225_601)
    ).declination
    #expect(headings.map(\.magneticHeading) == [10, 12, 359.5], "10.5 is within the 1° filter")
    for heading in headings {
      let magnetic = try #require(heading.magneticHeading)
      let turned = (magnetic + declination).truncatingRemainder(dividingBy: 360)
      #expect(abs(heading.trueHeading - (turned < 0 ? turned + 360 : turned)) < 1e-9)
      #expect(heading.source == .compass)
      #expect(heading.headingAccuracy == 4)
      #expect(heading.x == 12 && heading.y == -3 && heading.z == -45)
      #expect(heading.speed == 1.5)
    }
    #expect(headings.map(\.timestamp) == [0.0, 2, 3].map { Self.reading(0, at: $0).timestamp })
    #expect(await client.heading(id: ID()) == headings.last)
    #expect(compass.orientations.withLock { $0 } == [.portrait])
    await client.destroy(id: ID())
    #expect(compass.streams[0].isCancelled, "destroying the manager stops the compass")
  }

  @Test func beforeAnyFixTheTrueHeadingIsMinusOne() async throws {
    let (compass, client) = Self.clientWithoutFixes()
    var events = await client.create(id: ID()).makeAsyncIterator()
    await client.startUpdatingHeading(id: ID())
    await compass.streams[0].waitForConsumer()
    compass.streams[0].yield(Self.reading(123))
    let heading = try #require(await Self.headings(&events, count: 1).first)
    #expect(heading.magneticHeading == 123)
    #expect(heading.trueHeading == -1)
    await client.destroy(id: ID())
  }

  @Test func aNewOrientationRestartsTheCompassAndStoppingEndsIt() async throws {
    let (compass, client) = Self.clientWithoutFixes()
    var events = await client.create(id: ID()).makeAsyncIterator()
    await client.set(id: ID(), headingOrientation: .faceUp)
    await client.startUpdatingHeading(id: ID())
    await compass.streams[0].waitForConsumer()
    await client.set(id: ID(), headingOrientation: .landscapeLeft)
    #expect(compass.streams[0].isCancelled)
    await compass.streams[1].waitForConsumer()
    compass.streams[1].yield(Self.reading(45))
    #expect(await Self.headings(&events, count: 1).first?.magneticHeading == 45)
    await client.set(id: ID(), headingFilter: 10)
    #expect(!compass.streams[1].isCancelled, "only a new orientation restarts it")
    await client.stopUpdatingHeading(id: ID())
    #expect(compass.streams[1].isCancelled)
    #expect(compass.orientations.withLock { $0 } == [.faceUp, .landscapeLeft])
    await client.destroy(id: ID())
  }

  @Test func aFailingCompassIsReportedAndHeadingsCanStartAgain() async throws {
    let (compass, client) = Self.clientWithoutFixes()
    var events = await client.create(id: ID()).makeAsyncIterator()
    await client.startUpdatingHeading(id: ID())
    await compass.streams[0].waitForConsumer()
    compass.streams[0].fail(Broken())
    var failure: LocationError?
    while failure == nil, let event = await events.next() {
      if case .failed(let error) = event { failure = error }
    }
    #expect(failure == .compassFailed(CompassFailure(Broken())))
    guard case .compassFailed(let cause) = failure else { return }
    #expect(cause.error is Broken, "the source's own error, for a reducer to cast")
    #expect(failure?.description.contains("magnetometer unplugged") == true)
    await client.startUpdatingHeading(id: ID())
    await compass.streams[1].waitForConsumer()
    compass.streams[1].yield(Self.reading(7))
    #expect(await Self.headings(&events, count: 1).first?.magneticHeading == 7)
    await client.destroy(id: ID())
  }

  @Test func aFixGivesThePositionTheModelNeeds() throws {
    var fix = Location.test(latitude: -27.21, longitude: 153.05)
    fix.altitude = 3
    fix.geoidSeparation = 42.2
    fix.magneticVariation = 10.9
    let position = try #require(fix.geographicPosition)
    #expect(position.latitude == -27.21 && position.longitude == 153.05)
    #expect(abs(position.altitude - 45.2) < 1e-9, "mean sea level plus the geoid's separation")
    #expect(position.magneticVariation == 10.9)
    fix.ellipsoidalAltitude = 45.25
    #expect(fix.geographicPosition?.altitude == 45.25)
    fix.coordinate = Coordinate(latitude: .nan, longitude: 0)
    #expect(fix.geographicPosition == nil)
  }
}

extension CompassHeadingTests {
  @Test func aCompassThatEndsIsOpenedAgainByTheNextStart() async throws {
    let (compass, client) = Self.clientWithoutFixes()
    var events = await client.create(id: ID()).makeAsyncIterator()
    await client.startUpdatingHeading(id: ID())
    await compass.streams[0].waitForConsumer()
    compass.streams[0].yield(Self.reading(1))
    #expect(await Self.headings(&events, count: 1).first?.magneticHeading == 1)
    compass.streams[0].finish()
    // The end is not an error; the next start subscribes again (it always does).
    await client.startUpdatingHeading(id: ID())
    await compass.streams[1].waitForConsumer()
    compass.streams[1].yield(Self.reading(2))
    #expect(await Self.headings(&events, count: 1).first?.magneticHeading == 2)
    await client.destroy(id: ID())
  }
}
