import ComposableLocation
import ComposableSensorsTesting
import Foundation
import Testing

/// How gpsd's reports map onto the models, through the replay client.
@Suite struct ReportMappingTests {
  struct ID: Hashable, Sendable {}

  @Test(
    "Fix kind from TPV mode and status",
    arguments: [
      (1, nil, FixKind.none), (2, nil, .twoDimensional), (3, nil, .threeDimensional),
      (3, 1, .threeDimensional),
      (3, 2, .dgps), (3, 3, .rtkFixed), (3, 4, .rtkFloat), (3, 5, .deadReckoning),
      (3, 6, .gnssDeadReckoning),
      (3, 7, .surveyed), (3, 8, .simulated), (0, 3, .none),
    ] as [(Int, Int?, FixKind)])
  func fixKind(mode: Int, status: Int?, expected: FixKind) {
    #expect(FixKind(mode: mode, status: status) == expected)
  }

  @Test("Other reports: horizontal accuracy fallback, satellites, device lost, gpsd errors")
  func otherReports() async throws {
    var capture = SyntheticCapture()
    capture.raw(
      #"{"class":"TPV","mode":3,"status":4,"lat":1.5,"lon":2.5,"epx":3.0,"epy":4.0,"epd":7.5,"track":10.0}"#
    )
    capture.raw(#"{"class":"TPV","mode":1}"#)
    capture.raw(#"{"class":"SKY","hdop":1.2}"#)
    capture.raw(
      #"{"class":"SKY","satellites":[{"PRN":5,"el":40.0,"az":120.0,"ss":38.0,"used":true,"gnssid":0,"svid":5}]}"#
    )
    capture.raw(#"{"class":"DEVICE","path":"/dev/ttyACM0","activated":0}"#)
    capture.raw(#"{"class":"ERROR","message":"Unrecognized request 'WACH'"}"#)
    let client = LocationClient.replay(capture: capture.data, clock: ImmediateClock())
    let events = await client.create(id: ID())
    await client.startUpdatingLocation(id: ID())
    let all = await collect(events, until: \.isEnd)
    let location = try #require(all.flatMap(\.locations).first)
    #expect(all.flatMap(\.locations).count == 1, "a TPV without a fix is not a location")
    #expect(location.horizontalAccuracy == 4, "without eph, the larger of epx and epy")
    #expect(location.courseAccuracy == 7.5)
    #expect(location.fix == .rtkFloat)
    #expect(location.altitude == nil && location.speed == nil, "absent values stay absent")
    let satellites = all.compactMap { event -> [Satellite]? in
      if case .satellitesUpdated(let s) = event { s } else { nil }
    }
    #expect(
      satellites == [
        [
          Satellite(
            prn: 5, gnssID: 0, svid: 5, azimuth: 120, elevation: 40, signalStrength: 38, used: true)
        ]
      ], "a SKY without satellites is not an empty sky")
    #expect(all.contains(.serviceStateChanged(.deviceLost(device: "/dev/ttyACM0"))))
    let refusal = GPSDErrorReport(message: "Unrecognized request 'WACH'")
    #expect(all.contains(.failed(.gpsdError(refusal))))
    #expect(refusal.kind == .unrecognizedRequest)
    await client.destroy(id: ID())
  }
}
