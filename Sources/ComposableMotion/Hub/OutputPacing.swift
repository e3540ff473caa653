/// Thins a sample stream to one sample per period, on the samples' own timestamps.
///
/// Output is locked to a grid of `period`: a sample up to a quarter period early counts as on
/// time (sensor timestamps jitter), so a reader running at exactly the period passes every
/// sample, and a faster one (a 285 Hz recording, a shared reader at another manager's rate)
/// is thinned to the period on average. A gap longer than a period re-anchors the grid.
enum OutputPacing {
  /// The earliest time a sample counts as due at `due`: a quarter period early.
  static func earliestDue(_ due: Double, period: Double) -> Double {
    due - period / 4
  }

  /// Whether a sample at `time` (seconds) is due; updates `nextDue` (nil before the first).
  static func isDue(_ time: Double, period: Double, nextDue: inout Double?) -> Bool {
    guard let due = nextDue else {
      nextDue = time + period
      return true
    }
    guard time >= earliestDue(due, period: period) else { return false }
    nextDue = time > due + period ? time + period : due + period
    return true
  }
}
