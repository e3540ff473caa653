import GPSD
import SensorsCore
import Synchronization

/// The live backend's feed: one ``GPSDConnection`` per opened stream, its events translated.
///
/// Authorization and streaming share one connection: a probe starts a stream as `open` would,
/// watches it until gpsd accepts or refuses the WATCH request, and, when gpsd accepted, parks
/// the stream for the next `open` to adopt (closing it if nobody does within the probe timeout).
/// The connection's events have one reader for their whole life, the translating task.
enum LiveFeed {
  static func make(
    configuration: GPSDConnection.Configuration, clock: any Clock<Duration>, probeTimeout: Duration,
    epochTimeout: Duration, capture: GPSDCaptureWriter? = nil
  )
    -> LocationFeed
  {
    let parked = ParkedFeed()
    return LocationFeed(
      open: {
        parked.take()
          ?? start(
            configuration: configuration, clock: clock, epochTimeout: epochTimeout, probe: nil,
            capture: capture
          ).feed
      },
      probe: {
        await probe(
          configuration: configuration, clock: clock, timeout: probeTimeout,
          epochTimeout: epochTimeout, parked: parked, capture: capture)
      }
    )
  }

  /// Opens a connection and translates its events; `probe`, when given, learns whether gpsd
  /// accepted the WATCH request.
  private static func start(
    configuration: GPSDConnection.Configuration, clock: any Clock<Duration>,
    epochTimeout: Duration, probe: ProbeOutcome?, capture: GPSDCaptureWriter?
  ) -> (feed: FeedStream, connection: GPSDConnection) {
    let connection: GPSDConnection
    let captured = capture?.connectionOpened()
    if let capture, let captured {
      connection = GPSDConnection(configuration: configuration, clock: clock) { line in
        capture.record(line, from: captured)
      }
    } else {
      connection = GPSDConnection(configuration: configuration, clock: clock)
    }
    let (stream, continuation) = AsyncStream.makeStream(
      of: FeedInput.self, bufferingPolicy: .bufferingNewest(configuration.eventBufferSize))
    let dropped = DropCounter()
    let address = "\(configuration.host):\(configuration.port)"
    // The connection's events and the epoch timer's ticks, in one order. The translation task
    // ends when the connection's events do: after gpsd gives up, or after `cancel()` below.
    let (steps, stepper) = AsyncStream.makeStream(
      of: LiveStep.self, bufferingPolicy: .bufferingNewest(configuration.eventBufferSize))
    Task.inheritingExecutor {
      for await event in connection.events {
        if case .dropped = stepper.yield(.event(event)) { dropped.add(1) }
      }
      stepper.finish()
    }
    Task.inheritingExecutor {
      await translate(
        steps, into: continuation, dropped: dropped, address: address, probe: probe,
        epochTimer: EpochTimer(clock: clock, timeout: epochTimeout) {
          stepper.yield(.epochTimedOut(generation: $0))
        })
      if let captured { capture?.connectionClosed(captured) }
      continuation.finish()
    }
    continuation.onTermination = { _ in
      // The consumer went away: stop the connection, which finishes its events and so the task
      // above. Signal only (cancel never waits for the socket thread), so this is safe inside
      // the runtime's lock on a cancelled task.
      connection.cancel()
    }
    // Both bounded buffers on the way in count: the connection's and this hand-off's.
    let feed = FeedStream(
      inputs: stream,
      dropped: { dropped.value + connection.droppedEventCount })
    return (feed, connection)
  }

  /// Turns the connection's events (and the epoch timer's ticks) into feed inputs until they
  /// end, answering `probe` once gpsd accepts or refuses the WATCH request.
  private static func translate(
    _ steps: AsyncStream<LiveStep>, into continuation: AsyncStream<FeedInput>.Continuation,
    dropped: DropCounter, address: String, probe: ProbeOutcome?, epochTimer: EpochTimer
  ) async {
    var translator = ConnectionTranslator(address: address)
    var release: String?
    var timer = epochTimer
    func deliver(_ inputs: [FeedInput]) {
      for input in inputs {
        if case .dropped = continuation.yield(input) { dropped.add(1) }
      }
    }
    for await step in steps {
      switch step {
      case .event(let event):
        if let probe {
          switch event {
          case .report(.version(let version)): release = version.release
          case .state(.watching): probe.resolve(.authorized(release: release))
          case .state(.unavailable(let error)):
            probe.resolve(ConnectionTranslator.probeResult(error, address: address))
          default: break
          }
        }
        deliver(translator.inputs(for: event))
      case .epochTimedOut(let generation):
        deliver(translator.epochTimedOut(generation: generation))
      }
      timer.arm(for: translator.heldEpoch)
    }
    timer.cancel()
    deliver(translator.finish())
    probe?.resolve(.unavailable(.serviceUnavailable(address: address, cause: .closedByPeer)))
  }

  /// Connects and reports whether gpsd accepted a JSON watch within `timeout`. An accepted
  /// connection is parked for the next `open`; any other is closed before this returns.
  static func probe(
    configuration: GPSDConnection.Configuration, clock: any Clock<Duration>, timeout: Duration,
    epochTimeout: Duration, parked: ParkedFeed, capture: GPSDCaptureWriter?
  ) async -> ProbeResult {
    let outcome = ProbeOutcome()
    let (feed, connection) = start(
      configuration: configuration, clock: clock, epochTimeout: epochTimeout, probe: outcome,
      capture: capture)
    let timer = Task.inheritingExecutor {
      do { try await clock.sleep(for: timeout) } catch { return }
      outcome.resolve(
        .unavailable(
          .serviceUnavailable(
            address: "\(configuration.host):\(configuration.port)",
            cause: .timedOut(host: configuration.host, port: configuration.port))))
    }
    let result = await outcome.value
    timer.cancel()
    guard case .authorized = result else {
      await connection.close()
      return result
    }
    let expiry = Task.inheritingExecutor {
      do { try await clock.sleep(for: timeout) } catch { return }
      await parked.expire(connection)
    }
    await parked.park(feed, connection: connection, expiry: expiry)
    return result
  }
}

/// What the live feed's translating task handles, in order.
private enum LiveStep: Sendable {
  case event(GPSDConnection.Event)
  /// The epoch timer of this generation fired.
  case epochTimedOut(generation: UInt64)
}

/// The first answer a probe gets (accepted, refused, timed out), awaited once.
final class ProbeOutcome: Sendable {
  private enum State {
    case pending([CheckedContinuation<ProbeResult, Never>])
    case resolved(ProbeResult)
  }

  private let state = Mutex(State.pending([]))

  /// Records `result` unless an answer is already in; resumes the waiters outside the lock.
  func resolve(_ result: ProbeResult) {
    let waiters = state.withLock { state -> [CheckedContinuation<ProbeResult, Never>] in
      guard case .pending(let waiters) = state else { return [] }
      state = .resolved(result)
      return waiters
    }
    for waiter in waiters { waiter.resume(returning: result) }
  }

  /// The answer, once there is one.
  var value: ProbeResult {
    get async {
      await withCheckedContinuation { (waiter: CheckedContinuation<ProbeResult, Never>) in
        let ready = state.withLock { state -> ProbeResult? in
          switch state {
          case .resolved(let result): return result
          case .pending(let waiters):
            state = .pending(waiters + [waiter])
            return nil
          }
        }
        if let ready { waiter.resume(returning: ready) }
      }
    }
  }
}

/// The stream an accepted probe leaves for the next `open`: at most one, closed when replaced
/// or when nobody adopted it in time.
final class ParkedFeed: Sendable {
  private struct Entry: Sendable {
    var feed: FeedStream
    var connection: GPSDConnection
    var expiry: Task<Void, Never>
  }

  private let slot = Mutex<Entry?>(nil)

  /// Parks `feed`, closing the one parked before.
  func park(_ feed: FeedStream, connection: GPSDConnection, expiry: Task<Void, Never>) async {
    let previous = slot.withLock { slot -> Entry? in
      defer { slot = Entry(feed: feed, connection: connection, expiry: expiry) }
      return slot
    }
    previous?.expiry.cancel()
    await previous?.connection.close()
  }

  /// The parked stream, if any; the slot is emptied.
  func take() -> FeedStream? {
    let entry = slot.withLock { slot -> Entry? in
      defer { slot = nil }
      return slot
    }
    entry?.expiry.cancel()
    return entry?.feed
  }

  /// Closes `connection` if it is still parked (nobody opened a stream in time).
  func expire(_ connection: GPSDConnection) async {
    let expired = slot.withLock { slot -> Bool in
      guard let entry = slot, entry.connection === connection else { return false }
      slot = nil
      return true
    }
    if expired { await connection.close() }
  }
}
