extension GPSDConnection {
  /// Where the connection is in its lifecycle, as reported by ``Event/state(_:)``.
  public enum State: Sendable, Hashable {
    /// Opening the socket; `attempt` counts from 1 and restarts after a successful WATCH.
    case connecting(attempt: Int)
    /// The socket is open and the WATCH request was sent; waiting for gpsd's WATCH reply.
    case connected
    /// gpsd accepted the WATCH request; reports flow. Also sent when reports resume after ``stale(silentFor:)``.
    case watching
    /// The connection failed or ended; the next attempt starts after `after`.
    case reconnecting(attempt: Int, after: Duration)
    /// gpsd cannot be reached or refused the session; the error says why. A reconnect follows unless the
    /// retry budget is spent (then the event stream ends) or the error is ``GPSDConnectionError/watchRejected(_:)``.
    case unavailable(GPSDConnectionError)
    /// No report arrived for at least `silentFor` (gpsd sends no notice when a receiver goes quiet).
    case stale(silentFor: Duration)
    /// gpsd reported the device at `path` deactivated (`"activated":0`): unplugged, or a replay ended.
    case deviceLost(path: String?)
    /// ``GPSDConnection/close()`` was called or the consumer went away; the stream ends after this.
    case closed
  }
}
