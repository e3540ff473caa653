import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// A private `dbus-daemon` acting as the system bus, in a directory of its own, with the
/// services a test starts on it (geoclue, iio-sensor-proxy under umockdev, an agent).
///
/// ```swift
/// let bus = try PrivateBus.start()
/// defer { bus.stop() }
/// try bus.launch(["/usr/libexec/geoclue", "-t", "0"])
/// // connect to bus.address
/// ```
///
/// Every process started here runs in a process group of its own and is killed with its group
/// by ``stop()``, so a failing test leaks nothing.
public final class PrivateBus: Sendable {
  /// What to install when dbus-daemon is missing.
  public static let skipMessage = "install dbus-daemon: apt-get install dbus-daemon"

  /// dbus-daemon could not start, or a service never appeared on the bus.
  public struct StartFailure: Error, CustomStringConvertible {
    public var description: String
    public init(description: String) { self.description = description }
  }

  /// Whether `dbus-daemon` is on PATH.
  public static var isInstalled: Bool { ChildProcess.executable("dbus-daemon") != nil }

  /// The bus's address, as `DBUS_SYSTEM_BUS_ADDRESS` takes it.
  public let address: String
  /// The socket's path.
  public let socketPath: String
  /// The directory holding the socket, the configuration and the services' logs.
  public let directory: URL
  private let processes = Mutex<[SpawnedProcess]>([])

  private init(address: String, socketPath: String, directory: URL, daemon: SpawnedProcess) {
    self.address = address
    self.socketPath = socketPath
    self.directory = directory
    processes.withLock { $0 = [daemon] }
  }

  /// Starts dbus-daemon with a policy that allows everything, and returns once it listens.
  /// `mandatoryPolicy`, when given, is the body of a `<policy context="mandatory">` that
  /// overrides it (`<deny send_member="ClaimAccelerometer"/>`: the bus refuses that call).
  public static func start(mandatoryPolicy: String = "") throws -> PrivateBus {
    guard let executable = ChildProcess.executable("dbus-daemon") else {
      throw StartFailure(description: skipMessage)
    }
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("private-bus-\(UUID().uuidString.prefix(8))")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let socket = directory.appendingPathComponent("bus.sock").path
    let configuration = directory.appendingPathComponent("bus.conf")
    try Self.configuration(socket: socket, mandatoryPolicy: mandatoryPolicy).write(
      to: configuration, atomically: true, encoding: .utf8)
    let daemon = try SpawnedProcess(
      [executable, "--config-file=\(configuration.path)", "--nofork", "--nopidfile"],
      errorPath: directory.appendingPathComponent("dbus-daemon.log").path)
    let bus = PrivateBus(
      address: "unix:path=\(socket)", socketPath: socket, directory: directory, daemon: daemon)
    // The socket file exists once bound, before the daemon listens: wait for a connection.
    guard Self.waitUntil(seconds: 10, { Self.accepts(socket) }) else {
      bus.stop()
      throw StartFailure(description: "dbus-daemon did not listen on \(socket) within 10 s")
    }
    return bus
  }

  /// Starts `command` (an absolute path first) with the bus as its system bus (and
  /// `environment` added), its standard output and error in `<directory>/<name>.log`. Stopped by
  /// ``stop()``.
  @discardableResult
  public func launch(_ command: [String], environment: [String: String] = [:]) throws
    -> SpawnedProcess
  {
    var variables = environment
    variables["DBUS_SYSTEM_BUS_ADDRESS"] = address
    let name = URL(fileURLWithPath: command[0]).lastPathComponent
    let process = try SpawnedProcess(
      command, environment: variables, errorPath: "",
      outputPath: directory.appendingPathComponent("\(name).log").path)
    processes.withLock { $0.append(process) }
    return process
  }

  /// The log of a launched program (by executable name), for a failure message.
  public func log(of name: String) -> String {
    (try? String(contentsOf: directory.appendingPathComponent("\(name).log"), encoding: .utf8))
      ?? ""
  }

  /// Stops every service (newest first), then the bus, and removes the directory.
  public func stop() {
    let all = processes.withLock { list -> [SpawnedProcess] in
      defer { list = [] }
      return list
    }
    for process in all.reversed() { process.terminate() }
    try? FileManager.default.removeItem(at: directory)
  }

  /// Polls `condition` every 20 ms for up to `seconds` of real time (for processes outside the
  /// test's control, which announce readiness by no event the test can await).
  public static func waitUntil(seconds: Double, _ condition: () -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
      if condition() { return true }
      usleep(20_000)
    }
    return condition()
  }

  /// Whether something accepts connections on the unix socket at `path` right now.
  public static func accepts(_ path: String) -> Bool {
    let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    guard descriptor >= 0 else { return false }
    defer { close(descriptor) }
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    withUnsafeMutableBytes(of: &address.sun_path) { raw in
      for (index, byte) in path.utf8.prefix(raw.count - 1).enumerated() { raw[index] = byte }
    }
    return withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
      }
    } == 0
  }

  private static func configuration(socket: String, mandatoryPolicy: String) -> String {
    """
    <!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-BUS Bus Configuration 1.0//EN"
     "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
    <busconfig>
      <type>system</type>
      <listen>unix:path=\(socket)</listen>
      <auth>EXTERNAL</auth>
      <policy context="default">
        <allow user="*"/> <allow own="*"/>
        <allow send_type="method_call"/> <allow send_type="signal"/>
        <allow send_type="method_return"/> <allow send_type="error"/>
        <allow receive_type="method_call"/> <allow receive_type="signal"/>
        <allow receive_type="method_return"/> <allow receive_type="error"/>
      </policy>
      <policy context="mandatory">\(mandatoryPolicy)</policy>
    </busconfig>
    """
  }
}
