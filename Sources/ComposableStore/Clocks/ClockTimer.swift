/// Ticks every `interval` of a clock: what swift-clocks' `clock.timer(interval:)` returns, so a
/// TCA timer effect compiles and runs as it is, on any clock, also `any Clock<Duration>`:
///
/// ```swift
/// @Dependency(\.continuousClock) var clock
/// return .run { send in
///   for await _ in clock.timer(interval: .seconds(1)) {
///     await send(.timerTick)
///   }
/// }
/// ```
///
/// Each iteration sleeps until the next multiple of `interval` after the moment iteration
/// began, so the ticks keep their rhythm however long the loop body takes (a tick whose time
/// has passed comes at once). An element is the time since iteration began, in the clock's
/// time (swift-clocks gives the clock's instant, which an `any Clock` cannot name). The sequence
/// ends when its task is cancelled. A timer made with an interval that is not positive ends at
/// once, without a tick, and says why as a runtime warning (a test failure in a `TestStore`),
/// instead of ticking back to back.
public struct ClockTimer: AsyncSequence, Sendable {
  /// The time since iteration began, at the tick: 1 × `interval`, 2 × `interval`, and so on.
  public typealias Element = Duration

  private let interval: Duration
  /// Reads the clock's `now` and returns a sleep until a given offset from it.
  private let start: @Sendable () -> @Sendable (Duration) async throws -> Void

  init<C: Clock>(clock: C, interval: Duration) where C.Duration == Duration {
    self.interval = interval
    self.start = {
      let origin = clock.now
      return { offset in try await clock.sleep(until: origin.advanced(by: offset), tolerance: nil) }
    }
  }

  /// Iterates the ticks of one timer: its rhythm starts when it is made.
  public struct AsyncIterator: AsyncIteratorProtocol {
    let interval: Duration
    let sleep: @Sendable (Duration) async throws -> Void
    var elapsed = Duration.zero
    var finished = false

    /// Waits for the next tick; `nil` once the task is cancelled, or at once for an interval
    /// that is not positive.
    public mutating func next() async -> Duration? {
      guard !finished, interval > .zero else { return nil }
      elapsed += interval
      do {
        try await sleep(elapsed)
      } catch {
        finished = true
        return nil
      }
      return elapsed
    }
  }

  /// Starts the timer's rhythm now.
  public func makeAsyncIterator() -> AsyncIterator {
    AsyncIterator(interval: interval, sleep: start())
  }
}

extension Clock where Duration == Swift.Duration {
  /// A sequence that ticks every `interval` of this clock until its task is cancelled:
  /// swift-clocks' `timer(interval:)`. See ``ClockTimer``.
  ///
  /// - Parameters:
  ///   - interval: The time between ticks, in this clock's time (a positive duration; any other
  ///     gives a timer that ends at once, with a runtime warning).
  ///   - fileID: The file the warning names; the caller's by default.
  ///   - filePath: The file path the warning names; the caller's by default.
  ///   - line: The line the warning names; the caller's by default.
  ///   - column: The column the warning names; the caller's by default.
  public func timer(
    interval: Duration, fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) -> ClockTimer {
    if !(interval > .zero) {
      RuntimeWarning.report(
        "clock.timer(interval:) was given \(interval), not a positive duration: the timer ends "
          + "without a tick.", fileID: fileID, filePath: filePath, line: line, column: column)
    }
    return ClockTimer(clock: self, interval: interval)
  }
}
