import ComposableLocation
import Foundation
import Testing

@Suite struct LocationUpdateFilterTests {
  let origin = Coordinate(latitude: -27.2106, longitude: 153.052)

  @Test func bestAccuracyAndNoDistanceFilterDeliverEveryFix() {
    var filter = LocationUpdateFilter()
    let result1 = filter.decide(fix(origin, accuracy: nil))
    #expect(result1 == .deliver)
    let result2 = filter.decide(fix(origin, accuracy: 300))
    #expect(result2 == .deliver)
    let result3 = filter.decide(Location(coordinate: origin, fix: .none))
    #expect(result3 == .noFix)
  }

  @Test func desiredAccuracyRejectsWorseAndUnknownAccuracy() {
    var filter = LocationUpdateFilter(desiredAccuracy: .hundredMeters)
    let result4 = filter.decide(fix(origin, accuracy: 150))
    #expect(result4 == .insufficientAccuracy)
    let result5 = filter.decide(fix(origin, accuracy: nil))
    #expect(result5 == .insufficientAccuracy)
    let result6 = filter.decide(fix(origin, accuracy: 40))
    #expect(result6 == .deliver)
  }

  @Test func distanceFilterMeasuresFromTheLastDeliveredFix() {
    var filter = LocationUpdateFilter(distanceFilter: 50)
    let result7 = filter.decide(fix(origin))
    #expect(result7 == .deliver)
    let result8 = filter.decide(fix(point(30, northOf: origin)))
    #expect(result8 == .belowDistanceFilter)
    let result9 = filter.decide(fix(point(45, northOf: origin)))
    #expect(result9 == .belowDistanceFilter)
    let result10 = filter.decide(fix(point(55, northOf: origin)))
    #expect(result10 == .deliver)
    let result11 = filter.decide(fix(point(80, northOf: origin)))
    #expect(result11 == .belowDistanceFilter)
    filter.reset()
    let result12 = filter.decide(fix(point(80, northOf: origin)))
    #expect(result12 == .deliver)
  }
}

@Suite struct HeadingFilterTests {
  func moving(course: Double?, speed: Double?, magvar: Double? = nil) -> Location {
    Location(
      coordinate: Coordinate(latitude: 0, longitude: 0), speed: speed, course: course,
      magneticVariation: magvar)
  }

  @Test func noHeadingWhileStandingStill() {
    var filter = HeadingFilter(minimumSpeed: 0.5)
    let result13 = filter.heading(from: moving(course: 90, speed: 0.1))
    #expect(result13 == nil)
    let result14 = filter.heading(from: moving(course: nil, speed: 3))
    #expect(result14 == nil)
    let result15 = filter.heading(from: moving(course: 90, speed: nil))
    #expect(result15 == nil)
  }

  @Test("Magnetic heading is course minus variation (east positive)")
  func magneticHeading() throws {
    var filter = HeadingFilter()
    let headingResult = filter.heading(from: moving(course: 96.86, speed: 1.085, magvar: 10.9))
    let heading = try #require(headingResult)
    #expect(heading.trueHeading == 96.86)
    #expect(abs((heading.magneticHeading ?? 0) - 85.96) < 1e-9)
    var west = HeadingFilter()
    let result16 = west.heading(from: moving(course: 1, speed: 2, magvar: -1.9))
    #expect(result16?.magneticHeading == 2.9)
  }

  @Test func headingFilterWrapsAroundNorth() {
    var filter = HeadingFilter(headingFilter: 5)
    let result17 = filter.heading(from: moving(course: 358, speed: 2))
    #expect(result17 != nil)
    let result18 = filter.heading(from: moving(course: 1, speed: 2))
    #expect(result18 == nil)
    let result19 = filter.heading(from: moving(course: 4, speed: 2))
    #expect(result19?.trueHeading == 4)
  }
}

@Suite struct SignificantChangeFilterTests {
  let start = Coordinate(latitude: 41.575, longitude: -93.75)

  @Test func needsDistanceAndTime() {
    var filter = SignificantChangeFilter(minimumDistance: 500, minimumInterval: 300)
    let t0 = Timestamp(timeIntervalSince1970: 0)
    let result20 = filter.isSignificant(fix(start), at: t0)
    #expect(result20)
    let result21 = filter.isSignificant(fix(point(600, northOf: start)), at: t0 + 60)
    #expect(!result21)
    let result22 = filter.isSignificant(fix(point(100, northOf: start)), at: t0 + 400)
    #expect(!result22)
    let result23 = filter.isSignificant(fix(point(600, northOf: start)), at: t0 + 400)
    #expect(result23)
    #expect(filter.lastDate == t0 + 400)
  }
}

@Suite struct VisitDetectorTests {
  let cafe = Coordinate(latitude: 56.2166, longitude: -3.1119)

  @Test("Arrival after dwelling, departure at the first fix outside")
  func arrivalAndDeparture() throws {
    var detector = VisitDetector(radius: 50, minimumDwell: 300, requiredDepartureFixes: 2)
    let t0 = Timestamp(timeIntervalSince1970: 1000)
    var visits: [Visit] = []
    for second in stride(from: 0.0, through: 600, by: 60) {
      let jitter = (second / 60).truncatingRemainder(dividingBy: 2) == 0 ? 10.0 : 20.0
      if let v = detector.update(with: fix(point(jitter, northOf: cafe)), at: t0 + second) {
        visits.append(v)
      }
    }
    #expect(visits.count == 1)
    let arrival = try #require(visits.first)
    #expect(arrival.arrivalDate == t0)
    #expect(arrival.departureDate == nil)
    #expect(try arrival.coordinate.distance(to: cafe) < 20)
    // One stray fix is not a departure; two in a row are, dated at the first.
    let result24 = detector.update(with: fix(point(400, northOf: cafe)), at: t0 + 660)
    #expect(result24 == nil)
    let result25 = detector.update(with: fix(point(15, northOf: cafe)), at: t0 + 720)
    #expect(result25 == nil)
    let result26 = detector.update(with: fix(point(400, northOf: cafe)), at: t0 + 780)
    #expect(result26 == nil)
    let departureResult = detector.update(with: fix(point(800, northOf: cafe)), at: t0 + 840)
    let departure = try #require(departureResult)
    #expect(departure.arrivalDate == t0)
    #expect(departure.departureDate == t0 + 780)
    #expect(detector.currentVisit == nil)
  }

  @Test func passingThroughIsNotAVisit() {
    var detector = VisitDetector(radius: 50, minimumDwell: 300)
    let t0 = Timestamp(timeIntervalSince1970: 0)
    for i in 0..<20 {
      let result27 = detector.update(
        with: fix(point(Double(i) * 40, northOf: cafe)), at: t0 + Double(i) * 30)
      #expect(result27 == nil)
    }
  }
}
