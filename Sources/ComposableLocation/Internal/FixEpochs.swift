import GPSD

/// Turns gpsd's reports into feed inputs with one location per fix epoch.
///
/// gpsd sends a TPV report each time a sentence of the receiver's cycle completes something, so
/// one fix (one `time`) often arrives as two or more TPVs: with a NMEA receiver, one from `GGA`
/// or `RMC` (position, a speed gpsd derived, no course) and one from `VTG` (the receiver's own
/// speed and course). Delivering each would show every fix twice, its speed jumping and its
/// course flickering. gpsd itself merges a cycle's sentences with `gps_merge_fix`: a field the
/// later report carries replaces the earlier value, a field it lacks keeps the earlier one, and
/// the fix status only ever rises. This does the same across the TPVs of one `time` (and one
/// device), and holds the merged fix until its epoch ends:
/// - a TPV with another time, without a time, or without a fix ends it, and so does a DEVICE
///   report (``inputs(for:)``);
/// - the source ending or changing state ends it (``flush()``; the live feed also calls it when
///   the epoch has been quiet for the configured timeout, on the injected clock).
///
/// Pure: the caller decides when time has passed.
struct FixEpochs {
  private var epochs = EpochMerger<TPVReport>()

  /// The fix of the epoch not yet delivered.
  var held: TPVReport? { epochs.held }
  /// Counts held epochs, so a timer armed for one epoch cannot end a later one.
  var generation: UInt64 { epochs.generation }

  /// The inputs `report` gives once epochs are merged: a TPV that continues the held epoch gives
  /// none yet, one that ends it gives the held epoch's location first. A DEVICE report (a
  /// receiver activated or gone) ends the epoch too; other reports pass through without ending
  /// it (gpsd sends SKY between the TPVs of one time).
  mutating func inputs(for report: GPSDReport) -> [FeedInput] {
    if case .device = report { return flush() + ReportTranslator.inputs(for: report) }
    guard case .tpv(let tpv) = report else { return ReportTranslator.inputs(for: report) }
    // Without a time or a fix there is nothing to merge it with: delivered as it is.
    guard tpv.time != nil, tpv.mode.hasFix else {
      return flush() + ReportTranslator.inputs(for: report)
    }
    return epochs.offer(tpv).map { ReportTranslator.inputs(for: .tpv($0)) } ?? []
  }

  /// Whether `report` would end the held epoch, so a replay can deliver that epoch before it
  /// waits for the report's time.
  func ends(_ report: GPSDReport) -> Bool {
    guard case .tpv(let tpv) = report else { return false }
    return epochs.ends(tpv)
  }

  /// Ends the held epoch: its location (or its failure), or nothing when none is held.
  mutating func flush() -> [FeedInput] {
    epochs.flush().map { ReportTranslator.inputs(for: .tpv($0)) } ?? []
  }
}

extension TPVReport: EpochFix {
  /// The same `time` and device, with a fix.
  func continuesEpoch(of held: TPVReport) -> Bool {
    mode.hasFix && time != nil && time == held.time && device == held.device
  }

  /// `later` merged into `earlier`, field by field as gpsd's `gps_merge_fix` does.
  static func merge(_ earlier: TPVReport, _ later: TPVReport) -> TPVReport {
    var merged = later
    merged.status = highest(earlier.status, later.status)
    merged.altHAE = later.altHAE ?? earlier.altHAE
    merged.altMSL = later.altMSL ?? earlier.altMSL
    merged.alt = later.alt ?? earlier.alt
    merged.climb = later.climb ?? earlier.climb
    merged.datum = later.datum ?? earlier.datum
    merged.depth = later.depth ?? earlier.depth
    merged.dgpsAge = later.dgpsAge ?? earlier.dgpsAge
    merged.dgpsSta = later.dgpsSta ?? earlier.dgpsSta
    merged.epc = later.epc ?? earlier.epc
    merged.epd = later.epd ?? earlier.epd
    merged.eph = later.eph ?? earlier.eph
    merged.eps = later.eps ?? earlier.eps
    merged.ept = later.ept ?? earlier.ept
    merged.epv = later.epv ?? earlier.epv
    // gpsd moves epx and epy together: both, or neither.
    if later.epx == nil || later.epy == nil {
      (merged.epx, merged.epy) = (earlier.epx, earlier.epy)
    }
    merged.geoidSep = later.geoidSep ?? earlier.geoidSep
    if later.lat == nil || later.lon == nil {
      (merged.lat, merged.lon) = (earlier.lat, earlier.lon)
    }
    merged.leapseconds = later.leapseconds ?? earlier.leapseconds
    merged.track = later.track ?? earlier.track
    merged.magtrack = later.magtrack ?? earlier.magtrack
    merged.magvar = later.magvar ?? earlier.magvar
    merged.speed = later.speed ?? earlier.speed
    merged.sep = later.sep ?? earlier.sep
    return merged
  }

  private static func highest(_ a: GPSDFixStatus?, _ b: GPSDFixStatus?) -> GPSDFixStatus? {
    guard let a else { return b }
    guard let b else { return a }
    return a.rawValue >= b.rawValue ? a : b
  }
}
