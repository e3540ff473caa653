import DBus
import SensorsCore

/// One claimed sensor on its own bus connection: claim, current value, changes, release.
enum ProxyReading {
  /// Streams `sensor`'s values into `continuation` until cancelled, the proxy leaves, or the
  /// connection ends; then releases the claim and closes the connection.
  static func run<Value>(
    _ sensor: ProxySensor<Value>, bus: DBusAddress?,
    into continuation: AsyncThrowingStream<Value, any Error>.Continuation
  ) async {
    let connection: DBusConnection
    do throws(DBusError) {
      let address: DBusAddress
      if let bus { address = bus } else { address = try DBusAddress.system() }
      connection = try await DBusConnection.connect(to: address)
    } catch {
      continuation.finish(throwing: SensorProxyError.unavailable(error))
      return
    }
    var claimed = false
    do throws(SensorProxyError) {
      try await follow(sensor, connection: connection, claimed: &claimed, into: continuation)
      continuation.finish()
    } catch {
      continuation.finish(throwing: error)
    }
    // Not cancelled with the reading: the release must reach the proxy.
    await Task.inheritingExecutor { [claimed] in
      if claimed, connection.endReason == nil {
        _ = try? await connection.call(
          destination: ProxySensor<Value>.service, path: sensor.path,
          interface: sensor.interface, member: sensor.release, timeout: .seconds(2))
      }
      await connection.close()
    }.value
  }

  private static func follow<Value>(
    _ sensor: ProxySensor<Value>, connection: DBusConnection, claimed: inout Bool,
    into continuation: AsyncThrowingStream<Value, any Error>.Continuation
  ) async throws(SensorProxyError) {
    let service = ProxySensor<Value>.service
    let changes: AsyncThrowingStream<DBusMessage, any Error>
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
      changes = try await connection.signals(
        matching: .propertiesChanged(
          sender: service, path: sensor.path, interface: sensor.interface),
        whileOwned: service)
    } catch {
      throw .unavailable(error)
    }
    do throws(DBusError) {
      _ = try await connection.call(
        destination: service, path: sensor.path, interface: sensor.interface, member: sensor.claim)
      claimed = true
    } catch {
      throw .claimRefused(sensor: sensor.name, cause: error)
    }
    do throws(DBusError) {
      state = try await connection.allProperties(
        interface: sensor.interface, path: sensor.path, destination: service)
    } catch {
      throw .unavailable(error)
    }
    var last = sensor.decode(state)
    if let last { continuation.yield(last) }
    do {
      for try await signal in changes {
        guard let change = DBusPropertiesChanged(signal) else { continue }
        state.merge(change.changed) { $1 }
        guard let value = sensor.decode(state) else { continue }
        continuation.yield(value)
        last = value
      }
    } catch {
      throw .unavailable(error as? DBusError ?? .disconnected(reason: "\(error)"))
    }
  }
}
