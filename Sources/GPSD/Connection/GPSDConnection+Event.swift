extension GPSDConnection {
  /// One thing that happened on the connection, in order.
  public enum Event: Sendable, Hashable {
    /// The lifecycle moved on.
    case state(State)
    /// gpsd sent a report (every class, including VERSION, WATCH and DEVICE).
    case report(GPSDReport)
    /// A non-fatal problem: an undecodable line, an unexpected protocol version. The stream goes on.
    case error(GPSDConnectionError)
  }
}
