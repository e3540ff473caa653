import Foundation
import GPSD
import SensorsTestSupport

/// ``Gpsfake`` (shared in SensorsTestSupport) on the receiver logs of this bundle's fixtures.
extension Gpsfake {
  /// Starts gpsfake on `Fixtures/NAME.log`, returning once gpsd listens with the device.
  static func start(log name: String, port: UInt16? = nil, cycle: Double? = nil) throws -> Gpsfake {
    try start(log: fixtureLog(name), port: port, cycle: cycle)
  }

  /// Starts gpsfake on `Fixtures/NAME.log` from a thread of its own, returning once gpsd listens with the device.
  static func started(log name: String, port: UInt16? = nil, cycle: Double? = nil) async throws
    -> Gpsfake
  {
    try await started(log: fixtureLog(name), port: port, cycle: cycle)
  }

  /// A connection configuration aimed at this gpsd, retrying quickly (the tests never wait long).
  var configuration: GPSDConnection.Configuration {
    GPSDConnection.Configuration(
      host: "127.0.0.1", port: port,
      reconnect: .init(initialDelay: .milliseconds(50), maximumDelay: .milliseconds(200)),
      staleTimeout: nil)
  }

  private static func fixtureLog(_ name: String) throws -> URL {
    guard
      let log = Bundle.module.url(forResource: name, withExtension: "log", subdirectory: "Fixtures")
    else {
      throw StartFailure(description: "fixture \(name).log missing from the test bundle")
    }
    return log
  }
}
