import GPSD
import Testing

@Suite struct ConfigurationTests {
  @Test func defaultsAreGpsdsOwn() {
    let configuration = GPSDConnection.Configuration()
    #expect(configuration.host == "127.0.0.1" && configuration.port == 2947)
    #expect(configuration.watchCommand == #"?WATCH={"enable":true,"json":true};"#)
  }

  @Test func environmentConventionIsHonoured() {
    let configuration = GPSDConnection.Configuration.fromEnvironment([
      "GPSD_HOST": "gps.local", "GPSD_PORT": "3000",
    ])
    #expect(configuration.host == "gps.local" && configuration.port == 3000)
    let ignored = GPSDConnection.Configuration.fromEnvironment(["GPSD_PORT": "not-a-port"])
    #expect(ignored.host == "127.0.0.1" && ignored.port == 2947)
  }

  @Test func backoffDelays() {
    let policy = GPSDConnection.ReconnectPolicy(
      initialDelay: .seconds(1), maximumDelay: .seconds(5), multiplier: 3)
    #expect(
      (1...4).map(policy.delay(beforeRetry:)) == [
        .seconds(1), .seconds(3), .seconds(5), .seconds(5),
      ])
  }
}
