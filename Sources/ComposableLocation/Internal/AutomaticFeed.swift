import GPSD
import SensorsCore
import Synchronization

/// ``LocationClient/live(configuration:clock:)``'s feed: gpsd when gpsd answers, GeoClue
/// otherwise.
///
/// The authorization probe decides: gpsd is asked first; when it does not answer, GeoClue is.
/// Each opened stream says which it reads with ``ServiceState/source(_:)``, right after it
/// connects. When neither answers, gpsd's answer is reported (the machine's primary source),
/// unless GeoClue answered with a refusal, which is the more useful thing to say.
enum AutomaticFeed {
  enum Choice: Sendable {
    case gpsd
    case geoClue
  }

  static func make(gpsd: LocationFeed, geoClue: LocationFeed, gpsdAddress: String)
    -> LocationFeed
  {
    let choice = Mutex(Choice.gpsd)
    return LocationFeed(
      open: {
        switch choice.withLock({ $0 }) {
        case .gpsd: announcing(gpsd.open(), source: .gpsd(address: gpsdAddress))
        case .geoClue: geoClue.open()
        }
      },
      probe: {
        let gpsdAnswer = await gpsd.probe()
        if case .authorized = gpsdAnswer {
          choice.withLock { $0 = .gpsd }
          return gpsdAnswer
        }
        let geoClueAnswer = await geoClue.probe()
        switch geoClueAnswer {
        case .authorized, .denied, .restricted:
          choice.withLock { $0 = .geoClue }
          return geoClueAnswer
        case .unavailable:
          choice.withLock { $0 = .gpsd }
          return gpsdAnswer
        }
      })
  }

  /// Forwards `feed`, adding `.source(source)` after its first `.connected`.
  static func announcing(_ feed: FeedStream, source: LocationSource) -> FeedStream {
    let (stream, continuation) = AsyncStream.makeStream(
      of: FeedInput.self, bufferingPolicy: .bufferingNewest(256))
    let dropped = DropCounter()
    let task = Task.inheritingExecutor {
      var announced = false
      for await input in feed.inputs {
        if case .dropped = continuation.yield(input) { dropped.add(1) }
        if !announced, case .service(.connected) = input {
          announced = true
          if case .dropped = continuation.yield(.service(.source(source))) { dropped.add(1) }
        }
      }
      continuation.finish()
    }
    continuation.onTermination = { _ in task.cancel() }
    return FeedStream(inputs: stream, dropped: { dropped.value + feed.dropped() })
  }
}
