/// Whether a channel is read from the device (`in_`) or written to it (`out_`).
public enum IIOChannelDirection: String, Hashable, Sendable {
  /// A measurement the device produces: attributes start with `in_`.
  case input = "in"
  /// A value the device outputs (DACs and the like): attributes start with `out_`.
  case output = "out"
}
