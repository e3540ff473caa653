/// A fix that may arrive in several reports per epoch (one measurement time): gpsd's TPVs of one
/// `time`, GeoClue's locations of one `Timestamp`.
protocol EpochFix {
  /// Whether `self` belongs to the same epoch as `held`, the epoch's fix merged so far.
  func continuesEpoch(of held: Self) -> Bool
  /// `later` merged into `earlier`: what the later report carries replaces, what it lacks is
  /// kept (gpsd's `gps_merge_fix`).
  static func merge(_ earlier: Self, _ later: Self) -> Self
}

/// Holds the fix of the epoch being read, merging each report of the same epoch into it, and
/// gives it up when the epoch ends: a report of another epoch arrives (``offer(_:)``), or the
/// owner ends it (``flush()``: the source changed state or ended, or its epoch timer fired).
///
/// Pure: the owner decides when time has passed. ``FixEpochs`` (gpsd) and the GeoClue feed
/// share it.
struct EpochMerger<Fix: EpochFix> {
  /// The fix of the epoch not yet delivered.
  private(set) var held: Fix?
  /// Counts held epochs, so a timer armed for one epoch cannot end a later one.
  private(set) var generation: UInt64 = 0

  /// The generation of the held epoch, or nil when none is held.
  var heldGeneration: UInt64? { held == nil ? nil : generation }

  /// Takes `fix`: merged into the held epoch when it continues it; otherwise it starts a new
  /// epoch, and the one it ends is returned for delivery.
  mutating func offer(_ fix: Fix) -> Fix? {
    if let held, fix.continuesEpoch(of: held) {
      self.held = Fix.merge(held, fix)
      return nil
    }
    let ended = flush()
    held = fix
    generation &+= 1
    return ended
  }

  /// Whether `fix` would end the held epoch.
  func ends(_ fix: Fix) -> Bool {
    guard let held else { return false }
    return !fix.continuesEpoch(of: held)
  }

  /// Ends the held epoch: its fix, or nil when none is held.
  mutating func flush() -> Fix? {
    defer { held = nil }
    return held
  }

  /// Ends the held epoch if it is still the one of `generation` (its timer fired and no later
  /// report ended it first).
  mutating func flush(generation expected: UInt64) -> Fix? {
    heldGeneration == expected ? flush() : nil
  }
}
