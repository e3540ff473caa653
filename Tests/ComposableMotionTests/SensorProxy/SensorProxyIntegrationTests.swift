import ComposableMotion
import DBus
import Foundation
import SensorsTestSupport
import Testing

/// ``SensorProxyClient/live(bus:bufferLimit:onEvent:)`` against the real iio-sensor-proxy 3.0 on a private bus,
/// reading a polled accelerometer and light sensor under umockdev, as the proxy's own
/// integration tests run it.
@Suite(
  .tags(.integration), .serialized,
  .enabled(if: SensorProxyTools.isInstalled, "\(SensorProxyTools.skipMessage)"))
struct SensorProxyIntegrationTests {
  static let proxy = SensorProxyTools.proxy

  static func fixture(_ name: String) throws -> String {
    try UmockdevDescription.url(name, in: .module).path
  }

  /// The bus (with `mandatoryPolicy`, see ``PrivateBus/start(mandatoryPolicy:)``) and the proxy
  /// on the fixtures; returns once the proxy owns its name.
  static func start(mandatoryPolicy: String = "") async throws -> (PrivateBus, SpawnedProcess) {
    let bus = try PrivateBus.start(mandatoryPolicy: mandatoryPolicy)
    do {
      return (bus, try await launchProxy(on: bus))
    } catch {
      bus.stop()
      throw error
    }
  }

  /// Starts the proxy under umockdev on `bus`; returns once it owns its name.
  static func launchProxy(on bus: PrivateBus) async throws -> SpawnedProcess {
    let umockdev = try #require(ChildProcess.executable("umockdev-run"))
    let process = try bus.launch([
      umockdev, "-d", try fixture("isp-iio-poll-accel"), "-d", try fixture("isp-iio-poll-als"),
      "--", proxy,
    ])
    try await bus.waitUntilOwned("net.hadess.SensorProxy")
    return process
  }

  @Test func orientationAndLightArriveAfterTheClaim() async throws {
    let (bus, _) = try await Self.start()
    defer { bus.stop() }
    let client = SensorProxyClient.live(bus: try DBusAddress(parsing: bus.address))
    let guardTask = watchdog(timeout: .seconds(30)) { await client.destroy(id: "screen") }
    defer { guardTask.cancel() }
    var orientation: ScreenOrientation?
    for try await value in client.startOrientationUpdates(id: "screen") where value != .undefined {
      orientation = value
      break
    }
    #expect(orientation == .normal, "proxy log: \(bus.log(of: "umockdev-run"))")
    var light: AmbientLight?
    // The proxy says 0 lux until its first poll of the claimed sensor.
    for try await value in client.startLightUpdates(id: "screen") where value.level > 0 {
      light = value
      break
    }
    // in_illuminance_input 10 × scale 1.0, in lux.
    #expect(light == AmbientLight(level: 10, unit: .lux))
    await client.destroy(id: "screen")
  }

  @Test func aSensorTheDeviceLacksIsATypedError() async throws {
    let (bus, _) = try await Self.start()
    defer { bus.stop() }
    let client = SensorProxyClient.live(bus: try DBusAddress(parsing: bus.address))
    await #expect(throws: SensorProxyError.sensorMissing(sensor: "proximity sensor")) {
      for try await _ in client.startProximityUpdates(id: "p") {}
    }
    await #expect(throws: SensorProxyError.sensorMissing(sensor: "compass")) {
      for try await _ in client.startCompassUpdates(id: "p") {}
    }
  }

  @Test func theProxyRestartingIsClaimedAgainAndSaidSo() async throws {
    let (bus, process) = try await Self.start()
    defer { bus.stop() }
    let (events, sink) = AsyncStream.makeStream(of: SensorProxyEvent.self)
    let client = SensorProxyClient.live(
      bus: try DBusAddress(parsing: bus.address), onEvent: { sink.yield($0) })
    let guardTask = watchdog(timeout: .seconds(40)) {
      await client.destroy(id: "restart")
      sink.finish()
    }
    defer { guardTask.cancel() }
    var values = client.startOrientationUpdates(id: "restart").makeAsyncIterator()
    // Read up to the first real orientation: the proxy announces nothing more while nothing moves.
    while let value = try await values.next(), value == .undefined {}
    process.terminate()
    var heard = events.makeAsyncIterator()
    #expect(await heard.next() == .proxyLeft(sensor: "accelerometer"))
    _ = try await Self.launchProxy(on: bus)
    #expect(await heard.next() == .reclaimed(sensor: "accelerometer"))
    // The stream never ended: after the claim, the proxy's current value comes.
    let after = try await values.next()
    #expect(after != nil, "proxy log: \(bus.log(of: "umockdev-run"))")
    await client.destroy(id: "restart")
    #expect(try await values.next() == nil, "destroy finishes the stream")
  }

  @Test func valuesAConsumerDidNotReadAreDroppedAndCounted() async throws {
    var (bus, process) = try await Self.start()
    defer { bus.stop() }
    let (events, sink) = AsyncStream.makeStream(of: SensorProxyEvent.self)
    let client = SensorProxyClient.live(
      bus: try DBusAddress(parsing: bus.address), bufferLimit: 1, onEvent: { sink.yield($0) })
    let guardTask = watchdog(timeout: .seconds(40)) {
      await client.destroy(id: "slow")
      sink.finish()
    }
    defer { guardTask.cancel() }
    var values = client.startOrientationUpdates(id: "slow").makeAsyncIterator()
    // One value read: the sensor is claimed. From here on nobody reads while the proxy restarts
    // twice. `reclaimed` is heard once the current value has been handed to the stream: after
    // the second, the value of the first claim again has been pushed out of the buffer of one.
    _ = try #require(try await values.next())
    var heard = events.makeAsyncIterator()
    for _ in 1...2 {
      process.terminate()
      #expect(await heard.next() == .proxyLeft(sensor: "accelerometer"))
      process = try await Self.launchProxy(on: bus)
      #expect(await heard.next() == .reclaimed(sensor: "accelerometer"))
    }
    #expect(client.droppedUpdates(id: "slow") >= 1, "the value of the first claim again")
    await client.destroy(id: "slow")
    var kept = 0
    while try await values.next() != nil { kept += 1 }
    #expect(kept <= 1, "a buffer of one keeps one value")
    #expect(client.droppedUpdates(id: "slow") == 0, "destroy forgets the count")
  }

  @Test func aClaimTheBusRefusesIsATypedError() async throws {
    // As an administrator's policy (or polkit, in later proxies) would refuse it.
    let (bus, _) = try await Self.start(
      mandatoryPolicy: #"<deny send_interface="net.hadess.SensorProxy" send_member="ClaimLight"/>"#)
    defer { bus.stop() }
    let client = SensorProxyClient.live(bus: try DBusAddress(parsing: bus.address))
    do {
      for try await _ in client.startLightUpdates(id: "refused") {}
      Issue.record("the stream finished without an error")
    } catch let error as SensorProxyError {
      guard case .claimRefused(let sensor, let cause) = error else {
        Issue.record("unexpected \(error)")
        return
      }
      #expect(sensor == "ambient light sensor")
      #expect(cause.remoteName == DBusError.accessDeniedName, "\(cause)")
    }
    // The refusal is the claim's alone: the accelerometer is still shared.
    var orientation = client.startOrientationUpdates(id: "refused").makeAsyncIterator()
    #expect(try await orientation.next() != nil)
    await client.destroy(id: "refused")
  }

  @Test func noProxyOnTheBusIsUnavailable() async throws {
    let bus = try PrivateBus.start()
    defer { bus.stop() }
    let client = SensorProxyClient.live(bus: try DBusAddress(parsing: bus.address))
    do {
      for try await _ in client.startOrientationUpdates(id: "none") {}
      Issue.record("the stream finished without an error")
    } catch let error as SensorProxyError {
      guard case .unavailable(let cause) = error else {
        Issue.record("unexpected \(error)")
        return
      }
      #expect(cause.remoteName == DBusError.serviceUnknownName)
    }
  }
}

/// What the SensorProxy integration tests need installed.
enum SensorProxyTools {
  static let proxy = "/usr/sbin/iio-sensor-proxy"
  static let skipMessage =
    "install iio-sensor-proxy, umockdev and dbus-daemon: "
    + "apt-get install iio-sensor-proxy umockdev dbus-daemon"
  static var isInstalled: Bool {
    PrivateBus.isInstalled && ChildProcess.executable("umockdev-run") != nil
      && FileManager.default.isExecutableFile(atPath: proxy)
  }
}
