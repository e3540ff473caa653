/// Whether the device is inside a monitored region, like `CLRegionState`.
public enum RegionState: String, Hashable, Sendable, Codable {
  /// Not yet known: no fix so far was accurate enough to decide.
  case unknown
  /// Inside the region.
  case inside
  /// Outside the region.
  case outside
}
