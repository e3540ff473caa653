import SensorsCore

/// Delivers a fix held for merging at the latest `timeout` after its first report (on the
/// injected clock), when the source sends nothing that ends its epoch sooner: the receiver's
/// last fix, a quiet link. One timer at a time, for the epoch held now; `fire` gets the
/// generation it was armed for, and its owner ends that epoch only if it is still held
/// (``EpochMerger/flush(generation:)``). The gpsd and GeoClue feeds share it.
struct EpochTimer {
  let clock: any Clock<Duration>
  let timeout: Duration
  let fire: @Sendable (UInt64) -> Void
  private var running: (generation: UInt64, task: Task<Void, Never>)?

  init(
    clock: any Clock<Duration>, timeout: Duration, fire: @escaping @Sendable (UInt64) -> Void
  ) {
    self.clock = clock
    self.timeout = timeout
    self.fire = fire
  }

  /// Starts the timer for the epoch of generation `held`, unless it runs already; nil (no epoch
  /// held) leaves a finished epoch's timer to fire into nothing.
  mutating func arm(for held: UInt64?) {
    guard let held, held != running?.generation else { return }
    running?.task.cancel()
    let (clock, timeout, fire) = (clock, timeout, fire)
    let task = Task.inheritingExecutor {
      do { try await clock.sleep(for: timeout) } catch { return }
      fire(held)
    }
    running = (held, task)
  }

  /// Stops the running timer.
  func cancel() {
    running?.task.cancel()
  }
}
