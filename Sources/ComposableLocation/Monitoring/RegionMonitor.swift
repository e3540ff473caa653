/// The hysteresis state machine behind region monitoring, one per region; pure, so a test
/// (or an app with its own position source) can drive it fix by fix.
///
/// A fix counts as evidence only when it is clearly on one side of the boundary: at least
/// `margin` inside or outside it, where `margin = hysteresis + accuracyWeight × accuracy`.
/// Fixes in the band between are ignored, so a position jittering on the boundary never
/// flaps; poor fixes widen the band, so they cannot cause transitions either. A state change
/// also needs ``Configuration/requiredConfirmations`` consecutive agreeing fixes.
///
/// ```
///            clear inside ×n            clear outside ×n
///  unknown ─────────────────▶ inside ◀────────────────▶ outside
///     └────────────── clear outside ×n ───────────────────▲
/// ```
public struct RegionMonitor: Hashable, Sendable {
  /// Tuning of the hysteresis.
  public struct Configuration: Hashable, Sendable {
    /// Fixed half-width of the dead band around the boundary, metres.
    public var hysteresis: Double
    /// How much of a fix's horizontal accuracy (metres) widens the dead band; 1 uses all of it.
    public var accuracyWeight: Double
    /// How many consecutive clear fixes a change of state needs.
    public var requiredConfirmations: Int

    /// Creates a configuration: `hysteresis` in metres.
    public init(hysteresis: Double = 10, accuracyWeight: Double = 1, requiredConfirmations: Int = 1)
    {
      self.hysteresis = hysteresis
      self.accuracyWeight = accuracyWeight
      self.requiredConfirmations = max(1, requiredConfirmations)
    }
  }

  /// What a fix changed.
  public enum Transition: Hashable, Sendable {
    /// The first decision after ``RegionState/unknown``.
    case determined(RegionState)
    /// From outside to inside.
    case entered
    /// From inside to outside.
    case exited
    /// While the state is still ``RegionState/unknown``: a fix whose accuracy (metres) makes the
    /// dead band cover the whole region, so no fix that coarse can ever show it inside. Reported
    /// once until a fix clear of the band arrives, so the app hears why nothing is decided (Core
    /// Location reports an unknown state for such regions).
    case unresolvable(accuracy: Double)
  }

  /// The monitored region.
  public let region: Region
  /// The tuning in force.
  public let configuration: Configuration
  /// The current state.
  public private(set) var state: RegionState = .unknown
  private var candidate: RegionState = .unknown
  private var confirmations = 0
  private var reportedUnresolvable = false

  /// Starts monitoring `region`, in state ``RegionState/unknown``.
  ///
  /// - Throws: ``LocationError/invalidRegion(id:problem:)`` for a region that cannot be monitored,
  ///   or a configuration whose dead band is not a finite, non-negative width.
  public init(region: Region, configuration: Configuration = Configuration()) throws(LocationError)
  {
    try region.validate()
    for (name, value) in [
      ("hysteresis", configuration.hysteresis), ("accuracyWeight", configuration.accuracyWeight),
    ] where !(value.isFinite && value >= 0) {
      // A negative or NaN band would let one fix count as both inside and outside, or neither.
      throw .invalidRegion(id: region.id, problem: .invalidMonitorSetting(name: name, value: value))
    }
    self.region = region
    self.configuration = configuration
  }

  /// What `location` says about the region: clearly inside, clearly outside, or `nil` when it
  /// lies in the dead band (or its coordinate is invalid).
  public func evidence(from location: Location) -> RegionState? {
    guard let distance = try? region.center.distance(to: location.coordinate) else { return nil }
    let accuracy = location.horizontalAccuracy ?? 0
    let margin = configuration.hysteresis + configuration.accuracyWeight * max(0, accuracy)
    if distance <= region.radius - margin { return .inside }
    if distance >= region.radius + margin { return .outside }
    return nil
  }

  /// Feeds one fix; returns the transition it caused, if any.
  public mutating func update(with location: Location) -> Transition? {
    guard let evidence = evidence(from: location) else {
      let accuracy = max(0, location.horizontalAccuracy ?? 0)
      let margin = configuration.hysteresis + configuration.accuracyWeight * accuracy
      guard state == .unknown, !reportedUnresolvable, region.radius <= margin,
        location.coordinate.isValid
      else { return nil }
      reportedUnresolvable = true
      return .unresolvable(accuracy: accuracy)
    }
    reportedUnresolvable = false
    guard evidence != state else {
      confirmations = 0
      return nil
    }
    if evidence == candidate {
      confirmations += 1
    } else {
      candidate = evidence
      confirmations = 1
    }
    guard confirmations >= configuration.requiredConfirmations else { return nil }
    let previous = state
    state = evidence
    confirmations = 0
    switch (previous, evidence) {
    case (.unknown, _): return .determined(evidence)
    case (_, .inside): return .entered
    default: return .exited
    }
  }
}
