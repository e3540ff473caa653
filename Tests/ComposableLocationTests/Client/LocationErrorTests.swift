import ComposableLocation
import GPSD
import Testing

/// Errors are values a reducer can switch on, with a sentence for people beside them.
@Suite struct LocationErrorTests {
  /// What a reducer might do with each failure, decided by matching values, never text.
  func advice(_ error: LocationError) -> String {
    switch error {
    case .accessDenied: "ask for group membership"
    case .connectionLost(.closedByPeer): "wait: the client reconnects"
    case .serviceUnavailable(_, .refused): "start gpsd"
    case .serviceUnavailable(_, .timedOut): "check the network"
    case .watchRefused(.watchRejected(let reply)) where reply.json == false: "gpsd speaks no JSON"
    case .malformedReport(.truncated, _): "ignore a cut line"
    case .deviceLost(_, let silence) where silence >= .seconds(5): "check the receiver"
    default: "other"
    }
  }

  @Test func reducersSwitchOnCausesNotText() {
    var refusal = WatchReport()
    refusal.json = false
    #expect(advice(.accessDenied(address: "127.0.0.1:2947")) == "ask for group membership")
    #expect(advice(.connectionLost(.closedByPeer)) == "wait: the client reconnects")
    #expect(
      advice(.serviceUnavailable(address: "h:1", cause: .refused(host: "h", port: 1)))
        == "start gpsd")
    #expect(
      advice(.serviceUnavailable(address: "h:1", cause: .timedOut(host: "h", port: 1)))
        == "check the network")
    #expect(advice(.watchRefused(.watchRejected(refusal))) == "gpsd speaks no JSON")
    #expect(
      advice(.malformedReport(.truncated(offset: 3), excerpt: "{\"cl")) == "ignore a cut line")
    #expect(
      advice(.deviceLost(device: "/dev/ttyACM0", silentFor: .seconds(5))) == "check the receiver")
  }

  @Test func descriptionsSayWhatToDo() {
    let unavailable = LocationError.serviceUnavailable(
      address: "127.0.0.1:2947", cause: .refused(host: "127.0.0.1", port: 2947))
    #expect(unavailable.description.contains("systemctl start gpsd"))
    #expect(
      unavailable.description.components(separatedBy: "GPSD_HOST").count == 2,
      "the advice said once: \(unavailable.description)")
    #expect(LocationError.accessDenied(address: "x:1").description.contains("dialout"))
    #expect(
      LocationError.deviceLost(device: "/dev/ttyACM0", silentFor: .seconds(5)).description
        .contains("gpspipe"))
    #expect(
      LocationError.invalidRegion(id: "r", problem: .invalidRadius(-1)).description.contains(
        "radius -1.0 m"))
    #expect(
      LocationError.regionBelowAccuracy(id: "desk", radius: 10, accuracy: 25).description.contains(
        "radius of at least"))
  }
}
