import Synchronization

/// One thing a backend reports to a location manager.
enum FeedInput: Hashable, Sendable {
  case location(Location)
  case satellites([Satellite])
  case service(ServiceState)
  case failure(LocationError)
}

/// What a quick check of the backend found, for authorization.
enum ProbeResult: Hashable, Sendable {
  case authorized(release: String?)
  case denied(LocationError)
  case restricted(LocationError)
  case unavailable(LocationError)
}

/// One opened source: its inputs, and how many inputs it has dropped so far because its reader
/// fell behind (its buffers are bounded), so the engine can count them for the manager.
struct FeedStream: Sendable {
  var inputs: AsyncStream<FeedInput>
  var dropped: @Sendable () -> Int
  /// Whether the source can wait for the manager's consumer (a replay, which is a file): then
  /// its events wait for room in the manager's stream instead of dropping the oldest.
  var waitsForConsumer = false
}

/// Where fixes come from: the live (gpsd) and replay backends each provide one.
///
/// `open` starts a fresh source (a new gpsd connection, a replay from the start) every time it
/// is called; when its consumer stops iterating or is cancelled, the stream terminates and the
/// source releases its socket or file. `probe` answers "could we read positions right now?".
struct LocationFeed: Sendable {
  var open: @Sendable () -> FeedStream
  var probe: @Sendable () async -> ProbeResult
}

/// A count shared between the task that fills a buffer and whoever asks how much it dropped.
final class DropCounter: Sendable {
  private let count = Mutex(0)

  /// The total so far.
  var value: Int { count.withLock { $0 } }

  func add(_ amount: Int) {
    count.withLock { $0 += amount }
  }
}
