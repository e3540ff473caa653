import DBus
import SensorsCore

/// One GeoClue stream's life on one bus connection: create and start a GeoClue client, read its
/// locations merged into one per fix (``EpochMerger``), and when GeoClue leaves the bus (it
/// exited, crashed or was restarted) say so, wait for it to come back, and start a new client.
///
/// What it sends: `.connecting`; `.connected` and, the first time, `.source(.geoClue)`; each
/// location; on GeoClue leaving, `.failure(.geoClueUnavailable(.serviceLeft))` then
/// `.reconnecting(attempt:)`, and `.connected` again once a new client runs. A refusal
/// (`AccessDenied`) or any other failure ends it with `.failure` (and `.unavailable` unless it
/// was a refusal).
struct GeoClueReader: Sendable {
  let configuration: GeoClueConfiguration
  let epochTimeout: Duration
  let clock: any Clock<Duration>
  let send: @Sendable (FeedInput) -> Void
  /// Counts steps lost on the way from the bus to the reading loop.
  let dropped: @Sendable (Int) -> Void

  /// How one client's reading ended.
  private enum Outcome {
    /// The consumer went away, or the connection was closed by its owner.
    case finished
    /// GeoClue left the bus.
    case serviceLeft(DBusError)
    case failed(DBusError)
  }

  /// What the reading loop handles, in order: the bus's updates and the epoch timer's ticks.
  private enum Step: Sendable {
    case update(DBusSignalEvent<String>)
    case ended(DBusError?)
    case epochTimedOut(generation: UInt64)
  }

  func run() async {
    send(.service(.connecting))
    let connection: DBusConnection
    do throws(DBusError) {
      connection = try await GeoClueSession.connect(configuration, clock: clock)
    } catch {
      fail(error)
      return
    }
    var attempt = 0
    while !Task.isCancelled {
      switch await read(on: connection, first: attempt == 0) {
      case .finished:
        break
      case .serviceLeft(let cause):
        send(.failure(.geoClueUnavailable(cause)))
        attempt += 1
        send(.service(.reconnecting(attempt: attempt)))
        // At once: a bus that starts GeoClue on demand (as systemd's does) starts it now.
        continue
      case .failed(let error) where attempt > 0 && error.isServiceGone:
        // Not back yet: wait for GeoClue to take its name again.
        do throws(DBusError) {
          try await connection.waitForOwner(of: GeoClueSession.service)
          continue
        } catch {
          fail(error)
        }
      case .failed(let error):
        fail(error)
      }
      break
    }
    await connection.close()
  }

  private func fail(_ error: DBusError) {
    // A consumer that went away hears nothing more.
    guard !Task.isCancelled else { return }
    let failure = GeoClueFeed.failure(error)
    send(.failure(failure))
    if case .geoClueUnavailable = failure { send(.service(.unavailable)) }
  }

  /// Creates and starts a client, and reads it until it ends.
  private func read(on connection: DBusConnection, first: Bool) async -> Outcome {
    let session: GeoClueSession
    do throws(DBusError) {
      session = try await GeoClueSession.create(configuration, on: connection)
    } catch {
      return .failed(error)
    }
    do throws(DBusError) {
      let updates = try await session.locationUpdates()
      try await session.start()
      send(.service(.connected(release: nil)))
      if first { send(.service(.source(.geoClue(bus: connection.address.description)))) }
      let outcome = await follow(session: session, updates: updates)
      if case .finished = outcome { await session.end() }
      return outcome
    } catch {
      await session.end()
      return .failed(error)
    }
  }

  /// Reads each new location until the consumer goes away, GeoClue leaves the bus, or the
  /// connection ends, delivering one location per fix. When the subscription dropped signals
  /// (this reader fell behind), the client's current location is read instead of the lost ones.
  private func follow(session: GeoClueSession, updates: DBusSignalStream<String>) async
    -> Outcome
  {
    let (steps, stepper) = AsyncStream.makeStream(
      of: Step.self, bufferingPolicy: .bufferingNewest(256))
    let dropped = self.dropped
    let relay = Task.inheritingExecutor {
      // The newest step is never the one dropped, so `.ended` always arrives.
      do throws(DBusError) {
        for try await update in updates {
          if case .dropped = stepper.yield(.update(update)) { dropped(1) }
        }
        stepper.yield(.ended(nil))
      } catch {
        stepper.yield(.ended(error))
      }
    }
    var epochs = EpochMerger<Location>()
    var timer = EpochTimer(clock: clock, timeout: epochTimeout) {
      stepper.yield(.epochTimedOut(generation: $0))
    }
    defer {
      relay.cancel()
      timer.cancel()
    }
    for await step in steps {
      switch step {
      case .update(let update):
        do throws(DBusError) {
          let location: Location?
          switch update {
          case .signal(let path): location = try await session.location(at: path)
          case .lost: location = try await session.currentLocation()
          }
          if let location, let ended = epochs.offer(location) { send(.location(ended)) }
        } catch {
          send(.failure(GeoClueFeed.failure(error)))
        }
      case .epochTimedOut(let generation):
        if let held = epochs.flush(generation: generation) { send(.location(held)) }
      case .ended(let error):
        if let held = epochs.flush() { send(.location(held)) }
        guard let error else { return .finished }
        if case .serviceLeft = error { return .serviceLeft(error) }
        return .failed(error)
      }
      timer.arm(for: epochs.heldGeneration)
    }
    return .finished
  }
}
