import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Real gpsd replaying a receiver log under `gpsfake -1 -p` on a free loopback port.
///
/// gpsfake must be connected to within about a second of starting, and about one start in 25
/// fails with "connection refused" (see gpsd's regression notes): callers retry once.
/// Foundation starts gpsfake as the leader of its own process group, so ``stop()`` can end it
/// and the gpsd it started together.
final class GPSFake {
  let port: UInt16
  private let process: Process

  /// Whether gpsfake and setsid are installed; tests skip with a message when they are not.
  static var isInstalled: Bool {
    executable != nil && FileManager.default.isExecutableFile(atPath: setsid)
  }

  private static let setsid = "/usr/bin/setsid"
  private static var executable: String? {
    ["/usr/bin/gpsfake", "/usr/local/bin/gpsfake"].first {
      FileManager.default.isExecutableFile(atPath: $0)
    }
  }

  /// Starts gpsfake on `log`, one sentence every `cycle` seconds, then waits `settle` for gpsd to
  /// listen. Pacing keeps the replay going while a client that started late (a loaded CI machine)
  /// connects; unpaced, a short log can be over before the client is up.
  /// `port` defaults to a random free-looking one; pass the same port again to restart gpsd
  /// where a client is already trying to reconnect.
  init(
    log: URL, cycle: Double = 0.02, port: UInt16 = UInt16.random(in: 41_000...59_000),
    once: Bool = true, settle: Duration = .milliseconds(900)
  ) async throws {
    let executable = try #require(Self.executable)
    self.port = port
    process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments =
      (once ? ["-1"] : []) + ["-p", "-q", "-c", String(cycle), "-P", String(port), log.path]
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    try await Task.sleep(for: settle)
  }

  /// Ends gpsfake and its gpsd: SIGTERM to the group, SIGKILL if it is still there after 2 s.
  func stop() async {
    let group = -process.processIdentifier
    // SIGTERM first, so gpsfake can clean up its control socket; SIGKILL only as a last resort.
    kill(group, SIGTERM)
    for _ in 0..<20 where process.isRunning {
      try? await Task.sleep(for: .milliseconds(100))
    }
    kill(group, SIGKILL)
  }
}
