import SensorsCore
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

extension LocationEngine {
  /// One fix meeting the desired accuracy, racing a fresh feed against the injected clock.
  func requestLocation(_ id: AnyHashableSendable) async throws(LocationError) -> Location {
    if status == .denied || status == .restricted {
      throw .notAuthorized(status)
    }
    let accuracy = desiredAccuracy(id)
    let timeout = configuration.requestLocationTimeout
    let result = await Self.firstFix(
      meeting: accuracy, within: timeout, feed: feed, clock: clock, engine: self)
    switch result {
    case .success(let location):
      record(location, for: id)
      return location
    case .failure(let error):
      throw error
    }
  }

  private static func firstFix(
    meeting accuracy: LocationAccuracy,
    within timeout: Duration,
    feed: LocationFeed,
    clock: any Clock<Duration>,
    engine: LocationEngine
  ) async -> Result<Location, LocationError> {
    let best = BestAccuracy()
    let seconds = Double(timeout.components.seconds) + Double(timeout.components.attoseconds) / 1e18
    return await withTaskGroup(of: Result<Location, LocationError>?.self) { group in
      group.addTask {
        var lastError = LocationError.replayFinished
        for await input in feed.open().inputs {
          await engine.observeAuthorization(input)
          switch input {
          case .location(let location):
            if accuracy.isMet(by: location) { return .success(location) }
            if let h = location.horizontalAccuracy {
              best.value.withLock { $0 = min($0 ?? h, h) }
            }
          case .failure(let error):
            if error.endsRequest { return .failure(error) }
            lastError = error
          case .service(.unavailable):
            return .failure(lastError)
          case .service, .satellites:
            break
          }
        }
        return Task.isCancelled ? nil : .failure(lastError)
      }
      group.addTask {
        do {
          try await clock.sleep(for: timeout)
        } catch {
          return nil
        }
        let seen = best.value.withLock { $0 }
        return .failure(
          .timedOut(seconds: seconds, desiredAccuracy: accuracy.meters, bestAccuracySeen: seen))
      }
      var outcome: Result<Location, LocationError> = .failure(
        .timedOut(seconds: seconds, desiredAccuracy: accuracy.meters, bestAccuracySeen: nil))
      for await result in group {
        if let result {
          outcome = result
          break
        }
      }
      group.cancelAll()
      return outcome
    }
  }
}

extension LocationError {
  /// Errors after which waiting longer for a fix cannot help.
  var endsRequest: Bool {
    switch self {
    case .serviceUnavailable, .accessDenied, .watchRefused, .gpsdError, .replayUnreadable,
      .replayFinished, .notAuthorized:
      return true
    default:
      return false
    }
  }
}

/// The best horizontal accuracy seen so far, shared by the feed and the timeout child tasks.
private final class BestAccuracy: Sendable {
  let value = Mutex<Double?>(nil)
}
