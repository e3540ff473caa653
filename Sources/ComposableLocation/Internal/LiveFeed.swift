import GPSD

/// The live backend's feed: one ``GPSDConnection`` per opened stream, its events translated.
enum LiveFeed {
  static func make(
    configuration: GPSDConnection.Configuration, clock: any Clock<Duration>, probeTimeout: Duration
  )
    -> LocationFeed
  {
    LocationFeed(
      open: { open(configuration: configuration, clock: clock) },
      probe: { await probe(configuration: configuration, clock: clock, timeout: probeTimeout) }
    )
  }

  private static func open(configuration: GPSDConnection.Configuration, clock: any Clock<Duration>)
    -> FeedStream
  {
    let connection = GPSDConnection(configuration: configuration, clock: clock)
    let (stream, continuation) = AsyncStream.makeStream(
      of: FeedInput.self, bufferingPolicy: .bufferingNewest(configuration.eventBufferSize))
    let dropped = DropCounter()
    // The translation task ends when the connection's events do: after gpsd gives up, or after
    // `close()` below.
    Task {
      var translator = ConnectionTranslator(address: "\(configuration.host):\(configuration.port)")
      for await event in connection.events {
        for input in translator.inputs(for: event) {
          if case .dropped = continuation.yield(input) {
            dropped.add(1)
          }
        }
      }
      continuation.finish()
    }
    continuation.onTermination = { _ in
      // The consumer went away: stop the connection, which finishes its events and so the task
      // above. Signal only (cancel never waits for the socket thread), so this is safe inside
      // the runtime's lock on a cancelled task.
      connection.cancel()
    }
    // Both bounded buffers on the way in count: the connection's and this hand-off's.
    return FeedStream(
      inputs: stream,
      dropped: { dropped.value + connection.droppedEventCount })
  }

  /// Connects once, without retrying, and reports whether gpsd accepted a JSON watch.
  static func probe(
    configuration: GPSDConnection.Configuration, clock: any Clock<Duration>, timeout: Duration
  ) async
    -> ProbeResult
  {
    var once = configuration
    once.reconnect = .never
    once.staleTimeout = nil
    let connection = GPSDConnection(configuration: once, clock: clock)
    let address = "\(configuration.host):\(configuration.port)"
    let result = await withTaskGroup(of: ProbeResult?.self) { group in
      group.addTask {
        var release: String?
        for await event in connection.events {
          switch event {
          case .report(.version(let version)): release = version.release
          case .state(.watching): return .authorized(release: release)
          case .state(.unavailable(let error)):
            return ConnectionTranslator.probeResult(error, address: address)
          default: continue
          }
        }
        return .unavailable(.serviceUnavailable(address: address, cause: .closedByPeer))
      }
      group.addTask {
        do { try await clock.sleep(for: timeout) } catch { return nil }
        return .unavailable(
          .serviceUnavailable(
            address: address,
            cause: .timedOut(host: configuration.host, port: configuration.port)))
      }
      var result = ProbeResult.unavailable(
        .serviceUnavailable(address: address, cause: .closedByPeer))
      for await outcome in group {
        if let outcome {
          result = outcome
          break
        }
      }
      // Stopping the connection finishes the events the first child reads, so it ends by itself.
      connection.cancel()
      group.cancelAll()
      return result
    }
    // The probe's socket is closed before the streaming connection opens.
    await connection.close()
    return result
  }
}
