import ComposableLocation
import Foundation
import GPSD
import SensorsTestSupport
import Testing

/// `LocationClient.live` against a scripted peer that does what real gpsd never would.
@Suite(.tags(.integration)) struct LiveLocationClientFaultTests {
  struct ID: Hashable, Sendable {}

  func client(port: UInt16, stale: Duration? = nil) -> LocationClient {
    .live(
      configuration: .init(
        gpsd: .init(
          port: port, reconnect: .init(initialDelay: .milliseconds(20), maximumAttempts: 1),
          staleTimeout: stale)))
  }

  @Test("Garbage, binary, truncated and oversized lines become errors; the next fix still arrives")
  func hostilePeer() async throws {
    let peer = try FakePeer(script: [
      .readCommand, FakePeer.version, FakePeer.watchAccepted,
      FakePeer.line("$GPGGA,123519,4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,*47"),
      .send([0x00, 0xFF, 0xFE, 0x13, 0x37, 0x0D, 0x0A]),
      FakePeer.line(#"{"class":"TPV","mode":3,"la"#),
      .send(Array(repeating: UInt8(ascii: "{"), count: 40_000) + [0x0D, 0x0A]),
      FakePeer.tpv,
    ])
    defer { peer.stop() }
    let client = client(port: peer.port)
    let events = await client.create(id: ID())
    let guardTask = watchdog { await client.destroy(id: ID()) }
    defer { guardTask.cancel() }
    await client.startUpdatingLocation(id: ID())
    var malformed: [LocationError] = []
    var location: Location?
    for await event in events {
      if case .failed(let error) = event, case .malformedReport = error { malformed.append(error) }
      if case .locationsUpdated(let locations) = event {
        location = locations.first
        break
      }
    }
    await client.destroy(id: ID())
    #expect(malformed.count == 4)
    #expect(location?.coordinate == Coordinate(latitude: 41.5, longitude: -93.75))
  }

  @Test("A receiver that goes silent is reported lost")
  func silentReceiver() async throws {
    let peer = try FakePeer(script: [
      .readCommand, FakePeer.version, FakePeer.watchAccepted, FakePeer.tpv,
    ])
    defer { peer.stop() }
    let client = client(port: peer.port, stale: .seconds(1))
    let events = await client.create(id: ID())
    let guardTask = watchdog { await client.destroy(id: ID()) }
    defer { guardTask.cancel() }
    await client.startUpdatingLocation(id: ID())
    var sequence: [LocationEvent] = []
    for await event in events {
      sequence.append(event)
      if case .serviceStateChanged(.deviceLost) = event { break }
    }
    await client.destroy(id: ID())
    #expect(sequence.contains(.serviceStateChanged(.deviceLost(device: "/dev/fake"))))
    let lost = sequence.contains { event in
      if case .failed(.deviceLost(device: "/dev/fake", _)) = event { true } else { false }
    }
    #expect(lost, "the failure names the device and says what to check")
  }

  @Test("gpsd refusing the JSON watch restricts authorization")
  func refusedWatch() async throws {
    let peer = try FakePeer(script: [
      .readCommand, FakePeer.version,
      FakePeer.line(#"{"class":"WATCH","enable":true,"json":false}"#),
    ])
    defer { peer.stop() }
    let client = client(port: peer.port)
    let events = await client.create(id: ID())
    let guardTask = watchdog { await client.destroy(id: ID()) }
    defer { guardTask.cancel() }
    await client.requestWhenInUseAuthorization(id: ID())
    #expect(await client.authorizationStatus() == .restricted)
    #expect(await client.locationServicesEnabled())
    var iterator = events.makeAsyncIterator()
    #expect(await iterator.next() == .authorizationChanged(.restricted))
    let failure = await iterator.next()
    guard case .failed(.watchRefused)? = failure else {
      Issue.record("expected watchRefused, got \(String(describing: failure))")
      return
    }
    await client.destroy(id: ID())
  }
}
