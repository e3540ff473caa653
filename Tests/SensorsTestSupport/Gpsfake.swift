import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// Runs real gpsd under `gpsfake` on a free loopback port, replaying a receiver log.
///
/// ```swift
/// let gpsd = try Gpsfake.start(log: logURL)
/// defer { gpsd.stop() }
/// // connect to 127.0.0.1:gpsd.port
/// ```
///
/// ``start(log:port:cycle:once:)`` returns only once gpsd accepts connections on the port *and*
/// has gpsfake's fake device (it polls for both, for up to 10 s an attempt), never after a fixed
/// pause: a client started right after it finds gpsd listening even on a loaded machine. gpsfake
/// runs its own watcher, so the replay starts about 1.4 s after gpsd listens; pace it with `cycle`
/// when the client may be slow to start.
///
/// gpsfake hands the device to gpsd through a control socket named after gpsfake's own process id
/// in `$TMPDIR`. When that hand-over fails, gpsfake says nothing: gpsd listens with no device, and
/// gpsfake feeds a pty nobody reads until its own 60 s timeout. It fails on a stale socket file
/// left by a killed gpsd, when a later gpsfake reuses that gpsfake's process id, and when gpsd has
/// bound its control socket but does not yet listen on it. So each instance gets a fresh `$TMPDIR`
/// of its own (removed by ``stop()``), and `start` waits until gpsd has the device
/// (``gpsdHasFakeDevice``), relaunching once if it never does. About one start in 25 also fails in
/// gpsfake itself ("socket error … Connection refused"); the same relaunch covers it, on a fresh
/// port (or the same one, if the caller fixed it).
public final class Gpsfake: Sendable {
  /// What to install when gpsfake or gpsd is missing.
  public static let skipMessage = "install gpsd and gpsd-clients: apt-get install gpsd gpsd-clients"

  /// gpsfake could not be started, or its gpsd never listened with the fake device.
  public struct StartFailure: Error, CustomStringConvertible {
    public var description: String
    public init(description: String) { self.description = description }
  }

  /// The gpsfake executable on PATH, if installed.
  public static let executable: URL? = {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    for directory in path.split(separator: ":") {
      let candidate = URL(fileURLWithPath: String(directory)).appendingPathComponent("gpsfake")
      if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
    }
    return nil
  }()

  /// Whether gpsfake (on PATH) and gpsd (`/usr/sbin/gpsd`) are installed.
  public static var isInstalled: Bool {
    executable != nil && FileManager.default.isExecutableFile(atPath: "/usr/sbin/gpsd")
  }

  /// The loopback port gpsd listens on.
  public let port: UInt16
  /// gpsfake's process id; it leads its own process group, which gpsd joins.
  public let processID: pid_t
  /// gpsfake's own `$TMPDIR`, holding gpsd's control socket and gpsfake's standard error;
  /// ``stop()`` removes it.
  public let directory: String
  private var stderrPath: String { directory + "/stderr" }
  private let exited = Mutex(false)
  private let stopped = Mutex(false)

  private init(port: UInt16, processID: pid_t, directory: String) {
    self.port = port
    self.processID = processID
    self.directory = directory
  }

  deinit { stop() }

  /// Starts `gpsfake [-1] -p -q [-c CYCLE] -P PORT LOG` and returns once its gpsd accepts
  /// connections on `port` (a free one if `nil`) and has the fake device. `once` replays the log a single time, then
  /// gpsfake exits; `cycle` is the pause between sentences, in seconds.
  public static func start(log: URL, port: UInt16? = nil, cycle: Double? = nil, once: Bool = true)
    throws -> Gpsfake
  {
    do {
      return try launch(log: log, port: port ?? freePort(), cycle: cycle, once: once)
    } catch {
      // gpsfake lost its device or its watcher (see above): once more, on a new port unless fixed.
      return try launch(log: log, port: port ?? freePort(), cycle: cycle, once: once)
    }
  }

  private static func launch(log: URL, port: UInt16, cycle: Double?, once: Bool) throws -> Gpsfake {
    guard let executable else { throw StartFailure(description: skipMessage) }
    guard FileManager.default.isReadableFile(atPath: log.path) else {
      throw StartFailure(description: "gpsfake log \(log.path) is missing or unreadable")
    }
    var arguments = [executable.path] + (once ? ["-1"] : []) + ["-p", "-q", "-P", String(port)]
    if let cycle { arguments += ["-c", String(cycle)] }
    arguments.append(log.path)
    let directory = try makeDirectory()
    let processID: pid_t
    do {
      processID = try spawn(arguments, directory: directory)
    } catch {
      try? FileManager.default.removeItem(atPath: directory)
      throw error
    }
    let instance = Gpsfake(port: port, processID: processID, directory: directory)
    // Generous for a loaded machine; returns as soon as gpsd listens with the device.
    let deadline = Date().addingTimeInterval(10)
    var listening = false
    while Date() < deadline {
      listening = listening || portAccepts(port)
      if listening, instance.gpsdHasFakeDevice { return instance }
      if !instance.isRunning { break }
      usleep(10_000)
    }
    let output = (try? String(contentsOfFile: instance.stderrPath, encoding: .utf8)) ?? ""
    instance.stop()
    let what =
      listening
      ? "gpsd listened on port \(port) but never got gpsfake's device"
      : "gpsfake did not start on port \(port)"
    throw StartFailure(description: "\(what): \(output)")
  }

  /// A new, empty, private directory under the temporary directory (`mkdtemp(3)`).
  private static func makeDirectory() throws -> String {
    let template = FileManager.default.temporaryDirectory.appendingPathComponent("gpsfake-XXXXXX")
    var path = Array(template.path.utf8CString)
    let made = path.withUnsafeMutableBufferPointer { buffer in
      buffer.baseAddress.flatMap { mkdtemp($0) }.map { String(cString: $0) }
    }
    guard let made else {
      throw StartFailure(
        description: "mkdtemp \(template.path): \(String(cString: strerror(errno)))")
    }
    return made
  }

  /// Starts gpsfake in its own process group (see ``SpawnedProcess``), with
  /// `TMPDIR=directory`, where gpsfake puts gpsd's control socket and the child's standard error
  /// goes. Its reaping stays here (``isRunning``), so the spawned handle is not kept.
  private static func spawn(_ arguments: [String], directory: String) throws -> pid_t {
    try SpawnedProcess(
      arguments, environment: ["TMPDIR": directory], errorPath: directory + "/stderr"
    ).processID
  }

  /// Whether gpsfake is still running (reaps it if it has exited).
  public var isRunning: Bool {
    exited.withLock { exited in
      if exited { return false }
      var status: Int32 = 0
      if waitpid(processID, &status, WNOHANG) == processID { exited = true }
      return !exited
    }
  }

  /// The gpsd process gpsfake started (its child), read from /proc.
  public var gpsdProcessIDs: [pid_t] {
    let path = "/proc/\(processID)/task/\(processID)/children"
    guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return [] }
    return text.split(separator: " ").compactMap {
      pid_t($0.trimmingCharacters(in: .whitespacesAndNewlines))
    }
  }

  /// Kills gpsd without warning (SIGKILL), as a crash would, then waits for gpsfake to notice and exit.
  public func killGpsd() {
    for child in gpsdProcessIDs { kill(child, SIGKILL) }
    waitUntilExit(seconds: 3)
    stop()
  }

  /// Stops gpsfake and its gpsd (the whole process group); safe to call more than once (only the
  /// first call acts, so a later one never signals a process group whose id was reused).
  public func stop() {
    guard
      !stopped.withLock({ stopped in
        defer { stopped = true }
        return stopped
      })
    else { return }
    if isRunning {
      kill(-processID, SIGTERM)
      waitUntilExit(seconds: 3)
      if isRunning {
        kill(-processID, SIGKILL)
        waitUntilExit(seconds: 3)
      }
    }
    // gpsd may outlive gpsfake for a moment: make sure nothing of the group survives the test.
    kill(-processID, SIGKILL)
    // A gpsd killed this way leaves its control socket behind: the directory goes with it.
    try? FileManager.default.removeItem(atPath: directory)
  }

  /// Waits (polling, at most `seconds`) for gpsfake to exit, e.g. at the end of a `-1` replay.
  public func waitUntilExit(seconds: Double = 10) {
    let deadline = Date().addingTimeInterval(seconds)
    while isRunning, Date() < deadline { usleep(10_000) }
  }

  /// A TCP port no one listens on right now (bound once by the kernel's choice, then released).
  public static func freePort() throws -> UInt16 {
    try ClosedPort().port
  }

  /// Whether something accepts TCP connections on 127.0.0.1:`port` right now.
  public static func portAccepts(_ port: UInt16) -> Bool {
    guard let socket = Loopback.connect(port: port) else { return false }
    close(socket)
    return true
  }
}
