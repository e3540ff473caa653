import Foundation

/// The process waits of ``Gpsfake`` (polling for up to seconds while gpsfake starts or exits),
/// run on a thread of their own: a test awaiting them leaves the concurrency pool (one thread
/// per core) free for the client under test and the tests running beside it.
extension Gpsfake {
  /// Starts gpsfake replaying `log` and returns once gpsd listens with the fake device; see
  /// ``start(log:port:cycle:once:)``.
  public static func started(
    log: URL, port: UInt16? = nil, cycle: Double? = nil, once: Bool = true
  ) async throws -> Gpsfake {
    try await onOwnThread { try start(log: log, port: port, cycle: cycle, once: once) }
  }

  /// Stops gpsfake and its gpsd; see ``stop()``.
  public func stopped() async {
    try? await Self.onOwnThread { self.stop() }
  }

  /// Kills gpsd as a crash would and waits for gpsfake to exit; see ``killGpsd()``.
  public func killedGpsd() async {
    try? await Self.onOwnThread { self.killGpsd() }
  }

  private static func onOwnThread<T: Sendable>(_ work: @escaping @Sendable () throws -> T)
    async throws -> T
  {
    try await withCheckedThrowingContinuation { continuation in
      Thread { continuation.resume(with: Result { try work() }) }.start()
    }
  }
}
