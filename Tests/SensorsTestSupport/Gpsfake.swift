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
/// ``start(log:port:cycle:once:)`` returns only once gpsd accepts connections on the port (it
/// polls with a connect, for up to 10 s), never after a fixed pause: a client started right after
/// it finds gpsd listening even on a loaded machine. gpsfake runs its own watcher, so the replay
/// starts at once; pace it with `cycle` when the client may be slow to start. About one start in
/// 25 fails in gpsfake itself ("socket error … Connection refused"): `start` retries once on a
/// fresh port (or the same one, if the caller fixed it).
public final class Gpsfake: Sendable {
  /// What to install when gpsfake or gpsd is missing.
  public static let skipMessage = "install gpsd and gpsd-clients: apt-get install gpsd gpsd-clients"

  /// gpsfake could not be started, or gpsd never listened.
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
  private let stderrPath: String
  private let exited = Mutex(false)

  private init(port: UInt16, processID: pid_t, stderrPath: String) {
    self.port = port
    self.processID = processID
    self.stderrPath = stderrPath
  }

  deinit { stop() }

  /// Starts `gpsfake [-1] -p -q [-c CYCLE] -P PORT LOG` and returns once its gpsd accepts
  /// connections on `port` (a free one if `nil`). `once` replays the log a single time, then
  /// gpsfake exits; `cycle` is the pause between sentences, in seconds.
  public static func start(log: URL, port: UInt16? = nil, cycle: Double? = nil, once: Bool = true)
    throws -> Gpsfake
  {
    do {
      return try launch(log: log, port: port ?? freePort(), cycle: cycle, once: once)
    } catch {
      // gpsfake's known start-up race: try once more, on a new port unless the caller fixed one.
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
    let stderrPath = FileManager.default.temporaryDirectory.appendingPathComponent(
      "gpsfake-\(port)-\(UUID()).err"
    ).path
    let processID = try spawn(arguments, stderrPath: stderrPath)
    let instance = Gpsfake(port: port, processID: processID, stderrPath: stderrPath)
    // Generous for a loaded machine; returns as soon as gpsd answers.
    let deadline = Date().addingTimeInterval(10)
    while Date() < deadline {
      if portAccepts(port) { return instance }
      if !instance.isRunning { break }
      usleep(10_000)
    }
    let output = (try? String(contentsOfFile: stderrPath, encoding: .utf8)) ?? ""
    instance.stop()
    throw StartFailure(description: "gpsfake did not start on port \(port): \(output)")
  }

  /// posix_spawn rather than Foundation's Process: the test process blocks most signals (Dispatch does),
  /// and a child inheriting that mask ignores SIGTERM and never finishes its replay. The child gets an
  /// empty mask, default handlers, and its own process group so gpsd can be stopped with it.
  private static func spawn(_ arguments: [String], stderrPath: String) throws -> pid_t {
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var mask = sigset_t()
    sigemptyset(&mask)
    posix_spawnattr_setsigmask(&attributes, &mask)
    var defaults = sigset_t()
    sigemptyset(&defaults)
    for signal in [SIGTERM, SIGINT, SIGHUP, SIGQUIT, SIGPIPE, SIGCHLD, SIGALRM, SIGUSR1, SIGUSR2] {
      sigaddset(&defaults, signal)
    }
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    posix_spawnattr_setpgroup(&attributes, 0)
    posix_spawnattr_setflags(
      &attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETPGROUP))
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, stderrPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
    defer { for argument in argv { free(argument) } }
    var processID: pid_t = 0
    let status = posix_spawn(&processID, arguments[0], &actions, &attributes, &argv, environ)
    guard status == 0 else {
      throw StartFailure(description: "posix_spawn gpsfake: \(String(cString: strerror(status)))")
    }
    return processID
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

  /// Stops gpsfake and its gpsd (the whole process group); safe to call more than once.
  public func stop() {
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
    unlink(stderrPath)
  }

  /// Waits (polling, at most `seconds`) for gpsfake to exit, e.g. at the end of a `-1` replay.
  public func waitUntilExit(seconds: Double = 10) {
    let deadline = Date().addingTimeInterval(seconds)
    while isRunning, Date() < deadline { usleep(10_000) }
  }

  /// A TCP port no one listens on right now (bound once by the kernel's choice, then released).
  public static func freePort() throws -> UInt16 {
    let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard socket >= 0 else { throw StartFailure(description: "socket: errno \(errno)") }
    defer { close(socket) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = 0
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) { pointer in
      pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { raw -> Bool in
        bind(socket, raw, length) == 0 && getsockname(socket, raw, &length) == 0
      }
    }
    guard bound else { throw StartFailure(description: "bind: errno \(errno)") }
    return UInt16(bigEndian: address.sin_port)
  }

  /// Whether something accepts TCP connections on 127.0.0.1:`port` right now.
  public static func portAccepts(_ port: UInt16) -> Bool {
    let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard socket >= 0 else { return false }
    defer { close(socket) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = port.bigEndian
    return withUnsafePointer(to: &address) { pointer in
      pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
      }
    }
  }
}
