import ComposableStore
import Synchronization
import Testing

@testable import ComposableMotion

/// A backend whose readers a test drives by hand: it records every start and stop, and
/// `push` hands a scan to the running reader of a sensor.
final class ManualBackend: Sendable {
  enum Event: Sendable, Equatable {
    case started(String, Set<MotionSensor>, Duration)
    case stopped(String)
  }

  private struct Running {
    var events: MotionBackend.ReaderEvents
    var finish: CheckedContinuation<Void, any Error>?
  }

  private let running = Mutex<[String: Running]>([:])
  private let log = Mutex<[Event]>([])
  let routes: [MotionSensor: String]

  init(routes: [MotionSensor: String]) {
    self.routes = routes
  }

  /// Every start and stop so far, in order.
  var events: [Event] { log.withLock { $0 } }

  var backend: MotionBackend {
    MotionBackend(searched: "the manual test backend", routes: routes, magneticDeclination: nil) {
      (request, events) async throws(MotionError) in
      do {
        try await self.run(request, events)
      } catch let error as MotionError {
        throw error
      } catch {
        return  // only MotionError values are ever thrown in (see fail)
      }
    }
  }

  private func run(_ request: MotionBackend.ReaderRequest, _ events: MotionBackend.ReaderEvents)
    async throws
  {
    log.withLock { $0.append(.started(request.reader, request.sensors, request.interval)) }
    defer { log.withLock { $0.append(.stopped(request.reader)) } }
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        // Checked under the lock so a cancellation that came first is never missed.
        running.withLock {
          if Task.isCancelled {
            continuation.resume()
          } else {
            $0[request.reader] = Running(events: events, finish: continuation)
          }
        }
      }
    } onCancel: {
      let finish = running.withLock { $0.removeValue(forKey: request.reader)?.finish }
      finish?.resume()
    }
  }

  /// Whether a reader is running now.
  func isRunning(_ reader: String) -> Bool {
    running.withLock { $0[reader] != nil }
  }

  /// Waits until a reader is running (the reader task registers itself asynchronously).
  func waitUntilRunning(_ reader: String) async {
    await eventually { self.isRunning(reader) }
  }

  /// Hands `scan` to the reader `reader`; returns false when it is not running.
  @discardableResult
  func push(_ scan: MotionScan, to reader: String) -> Bool {
    guard let events = running.withLock({ $0[reader]?.events }) else { return false }
    events.scan(scan)
    return true
  }

  /// Makes reader `reader` fail with `error`, as an unplugged device would.
  func fail(_ reader: String, with error: MotionError) {
    let finish = running.withLock { $0.removeValue(forKey: reader)?.finish }
    finish?.resume(throwing: error)
  }

  /// Ends reader `reader`'s data, as a replay reaching its end would.
  func end(_ reader: String) {
    let finish = running.withLock { $0.removeValue(forKey: reader)?.finish }
    finish?.resume()
  }
}
