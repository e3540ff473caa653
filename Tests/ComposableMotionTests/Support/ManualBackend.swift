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

  /// A test waiting for a reader to be running (`true`) or not (`false`).
  private struct Waiter {
    var reader: String
    var running: Bool
    var continuation: CheckedContinuation<Void, Never>
  }

  private let running = Mutex<[String: Running]>([:])
  private let waiters = Mutex<[Waiter]>([])
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
        let registered = running.withLock {
          if Task.isCancelled { return false }
          $0[request.reader] = Running(events: events, finish: continuation)
          return true
        }
        if registered { wakeWaiters() } else { continuation.resume() }
      }
    } onCancel: {
      let finish = running.withLock { $0.removeValue(forKey: request.reader)?.finish }
      wakeWaiters()
      finish?.resume()
    }
  }

  /// Resumes, outside the locks, every waiter whose condition now holds.
  private func wakeWaiters() {
    let due = waiters.withLock { waiters in
      let due = waiters.filter { isRunning($0.reader) == $0.running }
      waiters.removeAll { isRunning($0.reader) == $0.running }
      return due
    }
    for waiter in due { waiter.continuation.resume() }
  }

  /// Suspends until reader `reader` is running (`true`) or not (`false`): an event, not a poll.
  /// A reader that never gets there leaves the test to its suite's time limit.
  private func wait(until reader: String, isRunning wanted: Bool) async {
    await withCheckedContinuation { continuation in
      // Registered and checked under the waiters' lock, which every wake-up also takes after
      // changing `running`: a change between the check and the registration is never missed.
      let holds = waiters.withLock { waiters in
        if isRunning(reader) == wanted { return true }
        waiters.append(Waiter(reader: reader, running: wanted, continuation: continuation))
        return false
      }
      if holds { continuation.resume() }
    }
  }

  /// Whether a reader is running now.
  func isRunning(_ reader: String) -> Bool {
    running.withLock { $0[reader] != nil }
  }

  /// Waits until a reader is running (the reader task registers itself asynchronously).
  func waitUntilRunning(_ reader: String) async {
    await wait(until: reader, isRunning: true)
  }

  /// Waits until a reader has stopped (the client tears readers down asynchronously).
  func waitUntilStopped(_ reader: String) async {
    await wait(until: reader, isRunning: false)
  }

  /// Hands `scan` to the reader `reader`; returns false when it is not running.
  @discardableResult
  func push(_ scan: MotionScan, to reader: String) -> Bool {
    guard let events = running.withLock({ $0[reader]?.events }) else { return false }
    events.scan(scan)
    return true
  }

  /// Hands one read's `scans` to the reader `reader` at once, as a buffered reader does;
  /// returns what the hub answered (the earliest scan time a subscriber needs promptly, nil
  /// for every scan), or nil when the reader is not running.
  func pushRead(_ scans: [MotionScan], to reader: String) -> Double?? {
    guard let events = running.withLock({ $0[reader]?.events }) else { return nil }
    return .some(events.deliver(scans))
  }

  /// Makes reader `reader` fail with `error`, as an unplugged device would.
  func fail(_ reader: String, with error: MotionError) {
    let finish = running.withLock { $0.removeValue(forKey: reader)?.finish }
    wakeWaiters()
    finish?.resume(throwing: error)
  }

  /// Ends reader `reader`'s data, as a replay reaching its end would.
  func end(_ reader: String) {
    let finish = running.withLock { $0.removeValue(forKey: reader)?.finish }
    wakeWaiters()
    finish?.resume()
  }
}
