import DBus
import SensorsCore

/// The GeoClue backend's feed: each `open` creates and starts its own GeoClue client on its own
/// bus connection, and ends both when the consumer goes away.
enum GeoClueFeed {
  static func make(configuration: GeoClueConfiguration, clock: any Clock<Duration>) -> LocationFeed
  {
    LocationFeed(
      open: { open(configuration: configuration, clock: clock) },
      probe: { await probe(configuration: configuration, clock: clock) })
  }

  static func open(configuration: GeoClueConfiguration, clock: any Clock<Duration>) -> FeedStream {
    let (stream, continuation) = AsyncStream.makeStream(
      of: FeedInput.self, bufferingPolicy: .bufferingNewest(256))
    let dropped = DropCounter()
    let send: @Sendable (FeedInput) -> Void = { input in
      if case .dropped = continuation.yield(input) { dropped.add(1) }
    }
    let task = Task.inheritingExecutor {
      await run(configuration: configuration, clock: clock, send: send)
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
    do throws(DBusError) {
      let session = try await GeoClueSession.create(configuration, clock: clock)
      do throws(DBusError) {
        try await session.start()
      } catch {
        await session.end()
        return probeResult(error)
      }
      await session.end()
      return .authorized(release: nil)
    } catch {
      return probeResult(error)
    }
  }

  static func probeResult(_ error: DBusError) -> ProbeResult {
    switch failure(error) {
    case .geoClueDenied(let reason): .denied(.geoClueDenied(reason: reason))
    case let other: .unavailable(other)
    }
  }

  /// GeoClue's `AccessDenied` (the agent refused, or location services are off) is a denial;
  /// anything else makes GeoClue unavailable.
  static func failure(_ error: DBusError) -> LocationError {
    if case .remote(let name, let message) = error, name == DBusError.accessDeniedName {
      return .geoClueDenied(reason: message)
    }
    return .geoClueUnavailable(error)
  }

  private static func run(
    configuration: GeoClueConfiguration, clock: any Clock<Duration>,
    send: @escaping @Sendable (FeedInput) -> Void
  ) async {
    send(.service(.connecting))
    let session: GeoClueSession
    do throws(DBusError) {
      session = try await GeoClueSession.create(configuration, clock: clock)
    } catch {
      send(.failure(failure(error)))
      send(.service(.unavailable))
      return
    }
    do throws(DBusError) {
      let updates = try await session.locationUpdates()
      try await session.start()
      send(.service(.connected(release: nil)))
      send(.service(.source(.geoClue(bus: session.connection.address.description))))
      await follow(session: session, updates: updates, send: send)
    } catch {
      send(.failure(failure(error)))
      send(.service(.unavailable))
    }
    await session.end()
  }

  /// Reads each new location until the consumer goes away, GeoClue leaves the bus, or the
  /// connection ends. When the subscription dropped signals (this reader fell behind), the
  /// client's current location is read instead of the lost ones.
  private static func follow(
    session: GeoClueSession, updates: DBusSignalStream<String>,
    send: @Sendable (FeedInput) -> Void
  ) async {
    do throws(DBusError) {
      for try await update in updates {
        do throws(DBusError) {
          switch update {
          case .signal(let path): send(.location(try await session.location(at: path)))
          case .lost:
            if let location = try await session.currentLocation() { send(.location(location)) }
          }
        } catch {
          send(.failure(failure(error)))
        }
      }
    } catch {
      send(.failure(.geoClueUnavailable(error)))
      send(.service(.unavailable))
    }
  }
}
