import DBus
import SensorsCore

/// One claimed sensor on its own bus connection: claim, current value, changes, release; and
/// when the proxy leaves the bus and comes back, claimed again.
///
/// Not generic over the sensor's value type: the value is decoded and yielded by the ``Sink``
/// the caller builds, so this loop and its many suspension points are compiled once, not once
/// per sensor (they were about 60 KB of code in a static app when generic).
enum ProxyReading {
  /// Where a reading's values go, with their type erased.
  struct Sink: Sendable {
    /// Decodes the properties known so far and yields the value they hold, if any.
    let deliver: @Sendable ([String: DBusValue]) -> Void
    /// Counts values or signals lost on the way (the consumer fell behind).
    let dropped: @Sendable (Int) -> Void
    /// Ends the stream: normally with nil, or with the error.
    let finish: @Sendable ((any Error)?) -> Void
  }

  /// Streams `sensor`'s values into `sink` until cancelled or the connection ends; then
  /// releases the claim and closes the connection. When the proxy leaves the bus (it exited,
  /// crashed or was restarted), `onEvent` hears ``SensorProxyEvent/proxyLeft(sensor:)``, the
  /// stream stays open, and once the proxy is back the sensor is claimed again and its current
  /// value delivered, then ``SensorProxyEvent/reclaimed(sensor:)`` is heard. A cancelled
  /// reading (stop, destroy) finishes the stream normally. Every value or
  /// signal lost on the way (the consumer fell behind) is counted in the sink's `dropped`.
  static func run(
    _ sensor: ProxyEndpoint, bus: DBusAddress?, into sink: Sink,
    onEvent: @escaping @Sendable (SensorProxyEvent) -> Void
  ) async {
    let connection: DBusConnection
    do throws(DBusError) {
      let address: DBusAddress
      if let bus { address = bus } else { address = try DBusAddress.system() }
      connection = try await DBusConnection.connect(to: address)
    } catch {
      sink.finish(SensorProxyError.unavailable(error))
      return
    }
    var claimed = false
    /// Whether the sensor was claimed at least once: from then on a proxy that vanishes, even
    /// in the middle of a call, is waited for.
    var claimedOnce = false
    var returning = false
    reading: while true {
      do throws(SensorProxyError) {
        try await follow(sensor, connection: connection, claimed: &claimed) { state in
          sink.deliver(state)
        } lost: {
          sink.dropped($0)
        } onClaim: {
          claimedOnce = true
        } onCurrent: {
          if returning { onEvent(.reclaimed(sensor: sensor.name)) }
        }
        sink.finish(nil)
        break reading
      } catch {
        if Task.isCancelled {
          // Stopped or destroyed: the stream finishes normally.
          sink.finish(nil)
          break reading
        }
        guard claimedOnce || returning, Self.isGone(error) else {
          sink.finish(error)
          break reading
        }
      }
      // The proxy's claims left with it.
      claimed = false
      onEvent(.proxyLeft(sensor: sensor.name))
      do throws(DBusError) {
        try await connection.waitForOwner(of: ProxyEndpoint.service)
      } catch {
        sink.finish(error == .cancelled ? nil : SensorProxyError.unavailable(error))
        break reading
      }
      returning = true
    }
    // Not cancelled with the reading: the release must reach the proxy.
    await Task.inheritingExecutor { [claimed] in
      if claimed, connection.endReason == nil {
        _ = try? await connection.call(
          destination: ProxyEndpoint.service, path: sensor.path,
          interface: sensor.interface, member: sensor.release, timeout: .seconds(2))
      }
      await connection.close()
    }.value
  }

  /// Whether `error` says the proxy left the bus (before or during a call).
  private static func isGone(_ error: SensorProxyError) -> Bool {
    switch error {
    case .unavailable(let cause), .claimRefused(_, let cause): cause.isServiceGone
    case .sensorMissing, .unimplemented: false
    }
  }

  /// Claims `sensor` and hands `deliver` its properties: all of them once claimed, then after
  /// each change (all of them again after signals were lost).
  private static func follow(
    _ sensor: ProxyEndpoint, connection: DBusConnection, claimed: inout Bool,
    deliver: ([String: DBusValue]) -> Void, lost: (Int) -> Void, onClaim: () -> Void,
    onCurrent: () -> Void
  ) async throws(SensorProxyError) {
    let service = ProxyEndpoint.service
    let changes: DBusSignalStream<DBusPropertiesChanged>
    var state: [String: DBusValue]
    let has: DBusValue
    do throws(DBusError) {
      has = try await connection.property(
        sensor.has, interface: sensor.interface, path: sensor.path, destination: service)
    } catch {
      throw .unavailable(error)
    }
    guard has.boolValue == true else { throw .sensorMissing(sensor: sensor.name) }
    do throws(DBusError) {
      changes = try await connection.propertiesChanged(
        interface: sensor.interface, path: sensor.path, sender: service, whileOwned: service)
    } catch {
      throw .unavailable(error)
    }
    do throws(DBusError) {
      _ = try await connection.call(
        destination: service, path: sensor.path, interface: sensor.interface, member: sensor.claim)
      claimed = true
      onClaim()
    } catch {
      throw .claimRefused(sensor: sensor.name, cause: error)
    }
    do throws(DBusError) {
      state = try await connection.allProperties(
        interface: sensor.interface, path: sensor.path, destination: service)
      deliver(state)
      onCurrent()
      for try await event in changes {
        switch event {
        case .signal(let change):
          state.merge(change.changed) { $1 }
        case .lost(let count):
          // The changes in between are gone: read where the proxy stands now.
          lost(count)
          state = try await connection.allProperties(
            interface: sensor.interface, path: sensor.path, destination: service)
        }
        deliver(state)
      }
    } catch {
      throw .unavailable(error)
    }
  }
}
