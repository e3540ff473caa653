import SensorsCore
import Testing

@testable import ComposableMotion

/// New routes after a device came or went: readers not running take them, a running reader
/// keeps its sensors until it stops.
@Suite struct SensorHubReroutingTests {
  typealias Machine = SensorHubStateMachine<String>

  @Test func aSensorWithoutAReaderTakesItsNewRoute() throws {
    var machine = Machine(routes: [:])
    #expect(
      machine.subscribe(
        owner: AnyHashableSendable("a"), service: .gyro, sensors: [.gyro], interval: .seconds(1))
        == nil)
    machine.reroute([.gyro: "iio:device1"], selfPacedReaders: ["iio:device1"])
    let subscribed = machine.subscribe(
      owner: AnyHashableSendable("a"), service: .gyro, sensors: [.gyro], interval: .seconds(1))
    let (_, afterUnlock) = try #require(subscribed)
    #expect(afterUnlock.commands.count == 1)
    guard case .start("iio:device1", _, _, [.gyro]) = afterUnlock.commands.first else {
      Issue.record("expected a start on iio:device1, got \(afterUnlock.commands)")
      return
    }
    #expect(machine.selfPacedReaders == ["iio:device1"])
  }

  @Test func aRunningReaderKeepsItsSensorsUntilItFails() throws {
    var machine = Machine(routes: [.accelerometer: "iio:device0"])
    let subscribed = machine.subscribe(
      owner: AnyHashableSendable("a"), service: .accelerometer, sensors: [.accelerometer],
      interval: .seconds(1))
    let (_, started) = try #require(subscribed)
    guard case .start(_, let generation, _, _) = started.commands.first else {
      Issue.record("no start")
      return
    }
    machine.reroute([.accelerometer: "iio:device2"], selfPacedReaders: [])
    #expect(machine.routes[.accelerometer] == "iio:device0", "still read by its running reader")
    // The device vanished: its reader fails, and the next look moves the sensor.
    let failed = machine.readerFailed("iio:device0", generation: generation)
    #expect(failed.failed.count == 1)
    machine.reroute([.accelerometer: "iio:device2"], selfPacedReaders: [])
    #expect(machine.routes[.accelerometer] == "iio:device2")
  }
}
