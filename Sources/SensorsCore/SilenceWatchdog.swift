import Synchronization

/// Bounds how long a source may stay silent: an IIO buffer's scans, a gpsd socket's lines.
///
/// Before the first delivery, a watchdog that starts with a ``Start/deadline`` stops the
/// source when nothing came within the timeout (a triggered buffer nobody drives would hang
/// its streams forever); one that starts counting ``Start/silence`` treats the start like a
/// delivery. After a delivery, a source silent for the whole timeout is reported stale,
/// exactly one timeout after its last delivery, and resumed when it delivers again.
///
/// One state under one lock (``State``) decides each race between deliveries and the clock;
/// the source is stopped and staleness reported by the caller's closures, outside the lock.
package final class SilenceWatchdog: Sendable {
  /// What the time before the first delivery means.
  package enum Start: Sendable, Equatable {
    /// The first delivery must come within the timeout, or the source is stopped.
    case deadline
    /// Silence counts from the start, as after a delivery: it makes the source stale.
    case silence
  }

  private let state: Mutex<State>
  /// How long the source had to deliver first, and may stay silent before it is stale.
  package let timeout: Duration
  /// The clock the deadlines are timed on.
  private let clock: any Clock<Duration>
  /// The clock's time since the watchdog began.
  private let elapsed: @Sendable () -> Duration

  /// A watchdog timing `timeout` on `clock`, from now.
  package init(timeout: Duration, clock: any Clock<Duration>, start: Start) {
    self.timeout = timeout
    self.clock = clock
    self.elapsed = Self.stopwatch(clock)
    state = Mutex(State(timeout: timeout, start: start))
  }

  /// Reads the clock once per delivery: a `ContinuousClock` takes the specialised path, any
  /// other (a `TestClock`) the generic one.
  private static func stopwatch(_ clock: any Clock<Duration>) -> @Sendable () -> Duration {
    if clock is ContinuousClock {
      let start = ContinuousClock.now
      return { start.duration(to: .now) }
    }
    return genericStopwatch(clock)
  }

  private static func genericStopwatch<C: Clock<Duration>>(_ clock: C) -> @Sendable () -> Duration {
    let start = clock.now
    return { start.duration(to: clock.now) }
  }

  /// Whether the first deadline passed before any delivery.
  package var timedOut: Bool { state.withLock { $0.phase == .timedOut } }

  /// Records a delivery, now on the clock (read under the lock, so a tick cannot slip in
  /// between the reading and the record and call a punctual delivery late).
  package func arrived() -> State.Arrival.AfterUnlock {
    state.withLock { $0.arrived(at: elapsed()) }
  }

  /// Records a delivery that came at `now` on the clock (since the watchdog began).
  package func arrived(at now: Duration) -> State.Arrival.AfterUnlock {
    state.withLock { $0.arrived(at: now) }
  }

  /// The clock reached `now` (since the watchdog began), for a tick due at `due` (`now` by
  /// default); see ``State/tick(at:due:)``.
  package func tick(at now: Duration, due: Duration? = nil) -> State.Tick.AfterUnlock {
    state.withLock { $0.tick(at: now, due: due ?? now) }
  }

  /// Sleeps on the watchdog's clock until the first deadline, then calls `stop` if nothing
  /// came (and ends); after that, wakes when the silence since the last delivery would reach
  /// the timeout, and calls `stale` if it did. Cancel the task once the source has ended.
  package func arm(
    stop: @escaping @Sendable () -> Void, stale: @escaping @Sendable () -> Void
  ) -> Task<Void, Never> {
    Task.inheritingExecutor { [timeout, clock, elapsed] in
      var wait = timeout
      while true {
        let due = elapsed() + wait
        do {
          try await clock.sleep(for: wait)
        } catch {
          return
        }
        let afterUnlock = self.state.withLock { $0.tick(at: elapsed(), due: due) }
        switch afterUnlock {
        case .stop:
          stop()
          return
        case .reportStale:
          stale()
          wait = timeout
        case .sleep(let duration):
          wait = duration
        }
      }
    }
  }
}
