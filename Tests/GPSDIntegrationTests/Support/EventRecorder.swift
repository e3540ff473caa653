import GPSD

extension GPSDConnection {
  /// Closes the connection after `seconds` of wall time unless cancelled first, so a test never hangs:
  /// the event stream then ends and the test's expectations report what was missing.
  func watchdog(seconds: Double = 30) -> Task<Void, Never> {
    Task {
      do { try await Task.sleep(for: .seconds(seconds)) } catch { return }
      cancel()
    }
  }

  /// Reads events until `stop` holds for the events so far, the stream ends, or the watchdog fires.
  func collect(
    seconds: Double = 30, until stop: ([GPSDConnection.Event]) -> Bool = { _ in false }
  ) async -> [GPSDConnection.Event] {
    let watchdog = watchdog(seconds: seconds)
    defer { watchdog.cancel() }
    var events: [GPSDConnection.Event] = []
    for await event in self.events {
      events.append(event)
      if stop(events) { break }
    }
    return events
  }
}

extension GPSDConnection.Event {
  var tpv: TPVReport? {
    if case .report(.tpv(let tpv)) = self { return tpv }
    return nil
  }

  var state: GPSDConnection.State? {
    if case .state(let state) = self { return state }
    return nil
  }

  var isDeviceLost: Bool {
    if case .state(.deviceLost) = self { return true }
    return false
  }
}
