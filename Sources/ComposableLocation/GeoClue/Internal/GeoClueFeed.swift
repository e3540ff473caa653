import DBus
import SensorsCore

/// The GeoClue backend's feed: each `open` runs its own ``GeoClueReader`` (its own bus
/// connection and GeoClue client), ended when the consumer goes away.
enum GeoClueFeed {
  static func make(
    configuration: GeoClueConfiguration, epochTimeout: Duration, clock: any Clock<Duration>
  ) -> LocationFeed {
    LocationFeed(
      open: { open(configuration: configuration, epochTimeout: epochTimeout, clock: clock) },
      probe: { await probe(configuration: configuration, clock: clock) })
  }

  static func open(
    configuration: GeoClueConfiguration, epochTimeout: Duration, clock: any Clock<Duration>
  ) -> FeedStream {
    let (stream, continuation) = AsyncStream.makeStream(
      of: FeedInput.self, bufferingPolicy: .bufferingNewest(256))
    let dropped = DropCounter()
    let reader = GeoClueReader(
      configuration: configuration, epochTimeout: epochTimeout, clock: clock,
      send: { input in
        if case .dropped = continuation.yield(input) { dropped.add(1) }
      },
      dropped: { dropped.add($0) })
    let task = Task.inheritingExecutor {
      await reader.run()
      continuation.finish()
    }
    continuation.onTermination = { _ in task.cancel() }
    return FeedStream(inputs: stream, dropped: { dropped.value })
  }

  /// Whether GeoClue grants access: a client is created and started (which asks the agent),
  /// then stopped and deleted.
  static func probe(configuration: GeoClueConfiguration, clock: any Clock<Duration>) async
    -> ProbeResult
  {
    let connection: DBusConnection
    do throws(DBusError) {
      connection = try await GeoClueSession.connect(configuration, clock: clock)
    } catch {
      return probeResult(error)
    }
    let result: ProbeResult
    do throws(DBusError) {
      let session = try await GeoClueSession.create(configuration, on: connection)
      do throws(DBusError) {
        try await session.start()
        result = .authorized(release: nil)
      } catch {
        result = probeResult(error)
      }
      await session.end()
    } catch {
      result = probeResult(error)
    }
    await connection.close()
    return result
  }

  static func probeResult(_ error: DBusError) -> ProbeResult {
    switch failure(error) {
    case .geoClueDenied(let cause): .denied(.geoClueDenied(cause))
    case let other: .unavailable(other)
    }
  }

  /// GeoClue's `AccessDenied` (the agent refused, the app is not allowed in geoclue.conf, or
  /// location services are off) is a denial; anything else makes GeoClue unavailable.
  static func failure(_ error: DBusError) -> LocationError {
    if case .remote(let name, _) = error, name == DBusError.accessDeniedName {
      return .geoClueDenied(error)
    }
    return .geoClueUnavailable(error)
  }
}
