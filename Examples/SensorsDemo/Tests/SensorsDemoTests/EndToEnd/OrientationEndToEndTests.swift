import Foundation
import SensorsTestSupport
import Testing

/// `sensors-demo orientation` against the real iio-sensor-proxy under umockdev on a private bus.
@Suite(
  .tags(.integration), .serialized,
  .enabled(if: OrientationTools.isInstalled, "\(OrientationTools.skipMessage)"))
struct OrientationEndToEndTests {
  @Test func printsTheProxysOrientationAsJSON() async throws {
    let bus = try PrivateBus.start()
    defer { bus.stop() }
    let device = try #require(
      Bundle.module.url(
        forResource: "isp-iio-poll-accel", withExtension: "umockdev", subdirectory: "Fixtures"))
    let umockdev = try #require(ChildProcess.executable("umockdev-run"))
    try bus.launch([umockdev, "-d", device.path, "--", OrientationTools.proxy])
    try await bus.waitUntilOwned("net.hadess.SensorProxy")
    let result = try await DemoProcess.run(
      ["orientation", "--count", "1", "--json"], timeout: 30,
      environment: ["DBUS_SYSTEM_BUS_ADDRESS": bus.address])
    #expect(result.status == 0, "\(result.standardError)")
    #expect(result.lines.contains(#"{"event":"orientation","orientation":"normal"}"#))
  }

  @Test func noProxyIsAnErrorThatSaysSo() async throws {
    let bus = try PrivateBus.start()
    defer { bus.stop() }
    let result = try await DemoProcess.run(
      ["orientation", "--count", "1"], timeout: 30,
      environment: ["DBUS_SYSTEM_BUS_ADDRESS": bus.address])
    #expect(result.status == 1)
    #expect(result.standardError.contains("iio-sensor-proxy is unavailable"))
  }
}

enum OrientationTools {
  static let proxy = "/usr/sbin/iio-sensor-proxy"
  static let skipMessage = "install iio-sensor-proxy, umockdev and dbus-daemon"
  static var isInstalled: Bool {
    PrivateBus.isInstalled && ChildProcess.executable("umockdev-run") != nil
      && FileManager.default.isExecutableFile(atPath: proxy)
  }
}
