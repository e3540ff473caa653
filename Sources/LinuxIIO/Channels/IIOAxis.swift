/// The spatial axis a channel measures along, from the `x`, `y` or `z` modifier of its name.
public enum IIOAxis: String, Hashable, Sendable, CaseIterable {
  /// The sensor's x axis.
  case x
  /// The sensor's y axis.
  case y
  /// The sensor's z axis.
  case z
}
