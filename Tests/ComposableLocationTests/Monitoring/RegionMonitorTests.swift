import ComposableLocation
import Foundation
import Testing

@Suite struct RegionMonitorTests {
  let home = Region(
    id: "home", center: Coordinate(latitude: 56.2166, longitude: -3.1119), radius: 100)

  @Test func firstClearFixDeterminesTheStateThenCrossingsEnterAndExit() throws {
    var monitor = try RegionMonitor(region: home)
    #expect(monitor.state == .unknown)
    let result1 = monitor.update(with: fix(point(20, northOf: home.center))) == .determined(.inside)
    #expect(result1)
    let result2 = monitor.update(with: fix(point(30, northOf: home.center)))
    #expect(result2 == nil)
    let result3 = monitor.update(with: fix(point(150, northOf: home.center)))
    #expect(result3 == .exited)
    #expect(monitor.state == .outside)
    let result4 = monitor.update(with: fix(point(40, northOf: home.center)))
    #expect(result4 == .entered)
  }

  @Test("A region smaller than the fixes can resolve says so once, instead of staying silent")
  func regionBelowAccuracyIsReported() throws {
    let small = Region(id: "desk", center: home.center, radius: 10)
    var monitor = try RegionMonitor(region: small)
    var transitions: [RegionMonitor.Transition] = []
    for (i, accuracy) in [25.0, 400, 60, 25].enumerated() {
      if let t = monitor.update(with: fix(small.center, accuracy: accuracy, at: Double(i))) {
        transitions.append(t)
      }
    }
    #expect(transitions == [.unresolvable(accuracy: 25)])
    #expect(monitor.state == .unknown)
    // A fix clear of the band decides, and a later coarse one is no news once decided.
    #expect(
      monitor.update(with: fix(point(500, northOf: small.center), accuracy: 5))
        == .determined(.outside))
    #expect(monitor.update(with: fix(small.center, accuracy: 400)) == nil)
  }

  @Test("A fix jittering on the boundary never flaps")
  func jitterDoesNotFlap() throws {
    var monitor = try RegionMonitor(region: home)
    _ = monitor.update(with: fix(point(10, northOf: home.center)))
    var transitions: [RegionMonitor.Transition] = []
    // ±12 m around the 100 m boundary with 5 m accuracy: inside the 15 m dead band.
    for (i, offset) in [-12.0, 12, -8, 9, -14, 14, 0, -3, 11].enumerated() {
      if let t = monitor.update(with: fix(point(100 + offset, northOf: home.center), at: Double(i)))
      {
        transitions.append(t)
      }
    }
    #expect(transitions.isEmpty)
    #expect(monitor.state == .inside)
  }

  @Test("Poor accuracy widens the dead band: a 60 m-accurate fix 130 m out changes nothing")
  func accuracyIsConsidered() throws {
    var monitor = try RegionMonitor(region: home)
    _ = monitor.update(with: fix(point(0, northOf: home.center)))
    let result5 = monitor.update(with: fix(point(130, northOf: home.center), accuracy: 60))
    #expect(result5 == nil)
    let result6 = monitor.update(with: fix(point(130, northOf: home.center), accuracy: 5))
    #expect(result6 == .exited)
  }

  @Test func requiredConfirmationsIgnoreASingleOutlier() throws {
    var monitor = try RegionMonitor(region: home, configuration: .init(requiredConfirmations: 2))
    let result7 = monitor.update(with: fix(home.center))
    #expect(result7 == nil)
    let result8 = monitor.update(with: fix(home.center)) == .determined(.inside)
    #expect(result8)
    let result9 = monitor.update(with: fix(point(500, northOf: home.center)))
    #expect(result9 == nil)
    let result10 = monitor.update(with: fix(home.center))
    #expect(result10 == nil)
    let result11 = monitor.update(with: fix(point(500, northOf: home.center)))
    #expect(result11 == nil)
    let result12 = monitor.update(with: fix(point(500, northOf: home.center)))
    #expect(result12 == .exited)
  }

  @Test("Hand-built invalid regions fail with a reason instead of trapping")
  func invalidRegions() {
    #expect(throws: LocationError.self) {
      try RegionMonitor(region: Region(id: "r", center: home.center, radius: 0))
    }
    #expect(throws: LocationError.self) {
      try RegionMonitor(
        region: Region(id: "r", center: Coordinate(latitude: 95, longitude: 0), radius: 10))
    }
    let error = LocationError.invalidRegion(id: "r", problem: .invalidRadius(-1))
    #expect(throws: error) { try Region(id: "r", center: home.center, radius: -1).validate() }
  }
}
