import ComposableLocation
import ComposableSensorsTesting
import Foundation
import Testing

/// Regions, headings, visits and significant changes through the client, on synthetic captures.
@Suite struct MonitoringTests {
  struct ID: Hashable, Sendable {}
  let park = Coordinate(latitude: 56.2166, longitude: -3.1119)

  @Test func regionEntryAndExitWithoutFlapping() async throws {
    let region = Region(id: "park", center: park, radius: 200)
    var capture = SyntheticCapture()
    for meters in [500.0, 400, 300, 150, 50, 195, 205, 190, 210, 400, 600] {
      capture.fix(point(meters, northOf: park))
    }
    let client = LocationClient.replay(capture: capture.data, clock: ImmediateClock())
    let events = await client.create(id: ID())
    await client.startMonitoring(id: ID(), region: region)
    #expect(await client.monitoredRegions(id: ID()) == [region])
    let regionEvents = await collect(events, until: \.isEnd).filter {
      switch $0 {
      case .monitoringStarted, .enteredRegion, .exitedRegion, .determinedState: true
      default: false
      }
    }
    #expect(
      regionEvents == [
        .monitoringStarted(region), .determinedState(.outside, for: region), .enteredRegion(region),
        .exitedRegion(region),
      ])
    await client.requestState(id: ID(), for: region)
    await client.stopMonitoring(id: ID(), region: region)
    #expect(await client.monitoredRegions(id: ID()).isEmpty)
    await client.destroy(id: ID())
  }

  @Test("A hand-built invalid region fails to monitor with a reason")
  func invalidRegion() async {
    let client = LocationClient.replay(capture: SyntheticCapture().data, clock: ImmediateClock())
    let events = await client.create(id: ID())
    let guardTask = watchdog(client, id: ID())
    defer { guardTask.cancel() }
    let bad = Region(id: "bad", center: park, radius: .nan)
    await client.startMonitoring(id: ID(), region: bad)
    var iterator = events.makeAsyncIterator()
    let event = await iterator.next()
    guard case .monitoringFailed(let region, .invalidRegion(id: "bad", _))? = event,
      region.id == "bad"
    else {
      Issue.record("expected monitoringFailed, got \(String(describing: event))")
      return
    }
    #expect(await client.monitoredRegions(id: ID()).isEmpty)
    await client.destroy(id: ID())
  }

  @Test func headingsWhileMoving() async throws {
    var capture = SyntheticCapture()
    capture.fix(park, speed: 0.1, track: 10)
    capture.fix(park, speed: 2, track: 90)
    capture.fix(park, speed: 2, track: 90.5)
    capture.fix(park, speed: 2, track: 120)
    let client = LocationClient.replay(capture: capture.data, clock: ImmediateClock())
    let events = await client.create(id: ID())
    await client.set(id: ID(), headingFilter: 5)
    await client.startUpdatingHeading(id: ID())
    let headings = await collect(events, until: \.isEnd).compactMap { event -> Double? in
      if case .headingUpdated(let heading) = event { heading.trueHeading } else { nil }
    }
    #expect(headings == [90, 120])
    // Like CLLocationManager.heading: the last one delivered.
    #expect(await client.heading(id: ID())?.trueHeading == 120)
    #expect(await client.headingAvailable())
    #expect(await client.significantLocationChangeMonitoringAvailable())
    #expect(await client.maximumRegionMonitoringDistance() == Region.maximumRadius)
    await client.destroy(id: ID())
  }

  @Test func visitsAndSignificantChanges() async throws {
    var capture = SyntheticCapture()
    for _ in 0..<8 { capture.fix(point(5, northOf: park), after: 60) }
    for meters in [800.0, 1600, 2400] { capture.fix(point(meters, northOf: park), after: 400) }
    let client = LocationClient.replay(capture: capture.data, clock: ImmediateClock())
    let events = await client.create(id: ID())
    await client.startMonitoringVisits(id: ID())
    await client.startMonitoringSignificantLocationChanges(id: ID())
    let all = await collect(events, until: \.isEnd)
    let visits = all.compactMap { event -> Visit? in
      if case .visit(let v) = event { v } else { nil }
    }
    #expect(visits.count == 2)
    #expect(visits.first?.departureDate == nil)
    #expect(visits.last?.departureDate != nil)
    // First fix, then each 800 m hop 400 s later.
    #expect(all.flatMap(\.locations).count == 4)
    await client.destroy(id: ID())
  }
}

/// Hand-built regions and positions off the globe are refused with a reason, never trapped on.
@Suite struct InvalidInputTests {
  struct ID: Hashable, Sendable {}
  static let park = Coordinate(latitude: 56.2166, longitude: -3.1119)

  @Test(
    "An invalid region fails to monitor, naming what is wrong; the manager carries on",
    arguments: [
      ("NaN radius", Region(id: "r", center: park, radius: .nan), "radius"),
      ("negative radius", Region(id: "r", center: park, radius: -5), "radius"),
      ("zero radius", Region(id: "r", center: park, radius: 0), "radius"),
      ("infinite radius", Region(id: "r", center: park, radius: .infinity), "radius"),
      (
        "latitude 95", Region(id: "r", center: .init(latitude: 95, longitude: 0), radius: 10),
        "center"
      ),
      (
        "longitude 200", Region(id: "r", center: .init(latitude: 0, longitude: 200), radius: 10),
        "center"
      ),
      (
        "NaN latitude", Region(id: "r", center: .init(latitude: .nan, longitude: 0), radius: 10),
        "center"
      ),
    ])
  func invalidRegion(_ label: String, region: Region, names: String) async {
    let client = LocationClient.replay(capture: SyntheticCapture().data, clock: ImmediateClock())
    let events = await client.create(id: ID())
    let guardTask = watchdog(client, id: ID())
    defer { guardTask.cancel() }
    await client.startMonitoring(id: ID(), region: region)
    await client.requestState(id: ID(), for: region)
    await client.destroy(id: ID())
    let all = await collect(events)
    let reasons = all.compactMap { event -> String? in
      guard case .monitoringFailed(_, .invalidRegion(id: "r", let problem)) = event else {
        return nil
      }
      return problem.description
    }
    #expect(reasons.count == 2, "\(label): startMonitoring and requestState both fail")
    #expect(reasons.first?.contains(names) == true, "\(label): \(reasons)")
    #expect(!all.contains(.monitoringStarted(region)))
  }

  @Test("A negative or NaN hysteresis is refused: it would let a fix count both ways")
  func invalidHysteresis() {
    let region = Region(id: "r", center: Self.park, radius: 100)
    for configuration in [
      RegionMonitor.Configuration(hysteresis: -10), .init(hysteresis: .nan),
      .init(accuracyWeight: -1),
    ] {
      #expect(throws: LocationError.self) {
        try RegionMonitor(region: region, configuration: configuration)
      }
    }
  }

  @Test("A TPV claiming a position off the globe becomes an error; the next fix still arrives")
  func positionOffTheGlobe() async {
    var capture = SyntheticCapture()
    capture.raw(#"{"class":"TPV","mode":3,"lat":91.5,"lon":10.0}"#)
    capture.raw(#"{"class":"TPV","mode":2,"lat":10.0,"lon":-181.0}"#)
    capture.fix(Self.park)
    let client = LocationClient.replay(capture: capture.data, clock: ImmediateClock())
    let events = await client.create(id: ID())
    await client.startUpdatingLocation(id: ID())
    let all = await collect(events, until: \.isEnd)
    #expect(all.contains(.failed(.invalidCoordinate(.init(latitude: 91.5, longitude: 10)))))
    #expect(all.contains(.failed(.invalidCoordinate(.init(latitude: 10, longitude: -181)))))
    #expect(all.flatMap(\.locations).map(\.coordinate) == [Self.park])
    await client.destroy(id: ID())
  }
}
