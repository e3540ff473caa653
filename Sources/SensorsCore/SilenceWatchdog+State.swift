extension SilenceWatchdog {
  /// The watchdog's decisions as a pure state machine: no lock, no clock. Times are durations
  /// on the watchdog's clock since it began; each event returns what to do once the lock is
  /// released.
  package struct State: Sendable, Equatable {
    package enum Phase: Sendable, Equatable {
      /// Nothing delivered yet, and the first delivery has a deadline.
      case waiting
      /// Delivering; the latest delivery came at `last`.
      case receiving(last: Duration)
      /// Silent for the whole timeout after delivering.
      case stale
      /// Nothing came before the first deadline: the source is stopped, late deliveries dropped.
      case timedOut
    }

    /// What a delivery asks for.
    package enum Arrival {
      package enum AfterUnlock: Sendable, Equatable {
        case deliver
        /// Deliver it, after reporting that the source delivers again.
        case deliverResumed
        /// The first deadline already won: drop it.
        case drop
      }
    }

    /// What the clock's tick asks for.
    package enum Tick {
      package enum AfterUnlock: Sendable, Equatable {
        /// Nothing due yet: tick again after this long (the moment the silence would reach
        /// the timeout).
        case sleep(Duration)
        /// Stop the source: nothing came before the first deadline.
        case stop
        /// Report the source stale, then tick again after a timeout.
        case reportStale
      }
    }

    /// How long the source had to deliver first, and may stay silent before it is stale.
    package let timeout: Duration
    package private(set) var phase: Phase

    /// A machine that begins at time zero, `.waiting` for a first deadline or already
    /// counting silence.
    package init(timeout: Duration, start: Start) {
      self.timeout = timeout
      phase = start == .deadline ? .waiting : .receiving(last: .zero)
    }

    /// Records a delivery that came at `now`.
    package mutating func arrived(at now: Duration) -> Arrival.AfterUnlock {
      switch phase {
      case .waiting, .receiving:
        phase = .receiving(last: now)
        return .deliver
      case .stale:
        phase = .receiving(last: now)
        return .deliverResumed
      case .timedOut:
        return .drop
      }
    }

    /// The clock reached `now`, for a tick that was due at `due`: stop a source that never
    /// delivered, report a silence that reached the timeout, or say when to look again. A
    /// source that keeps delivering costs one tick per timeout, and a stale report comes one
    /// timeout after the last delivery.
    ///
    /// A tick that comes more than a timeout after it was due means the clock jumped (the
    /// system slept: a `ContinuousClock` counts suspended time), not that the source did: it
    /// gets a whole timeout from now to deliver again before it is stale.
    package mutating func tick(at now: Duration, due: Duration) -> Tick.AfterUnlock {
      switch phase {
      case .waiting:
        guard now >= timeout else { return .sleep(timeout - now) }
        phase = .timedOut
        return .stop
      case .receiving(let last):
        if now - due > timeout {
          phase = .receiving(last: now)
          return .sleep(timeout)
        }
        let silence = now - last
        // A clock that went back (a custom one) waits at most a timeout, never longer.
        guard silence >= timeout else { return .sleep(min(timeout - silence, timeout)) }
        phase = .stale
        return .reportStale
      case .stale:
        return .sleep(timeout)
      case .timedOut:
        return .stop
      }
    }
  }
}
