import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// Runs real iiod (libiio's network daemon) under `umockdev-run` on a free loopback port,
/// serving the IIO devices of a umockdev description.
///
/// ```swift
/// let iiod = try IIODServer.start(device: fixture("pyadi-adis16480.umockdev"))
/// defer { iiod.stop() }
/// // connect to 127.0.0.1:iiod.port
/// ```
///
/// ``start(device:script:port:)`` returns once the port accepts connections (polling for up to
/// 10 s). iiod ignores SIGTERM and SIGINT, so ``stop()`` sends SIGKILL to the whole process
/// group (umockdev-run and iiod). Descriptions must end attribute values with `\n`, as real
/// sysfs does: libiio refuses the device otherwise. A buffered device needs `script`, a umockdev
/// script for `/dev/iio:device0`; without one, buffer reads time out on the board (-110).
public final class IIODServer: Sendable {
  /// What to install when umockdev or iiod is missing.
  public static let skipMessage =
    "install iiod, libiio-utils and umockdev: apt-get install iiod libiio-utils umockdev"

  /// Whether `umockdev-run` (on PATH) and `/usr/sbin/iiod` are installed.
  public static var isInstalled: Bool {
    ChildProcess.executable("umockdev-run") != nil
      && FileManager.default.isExecutableFile(atPath: "/usr/sbin/iiod")
  }

  /// `iio_info` and `iio_attr` (libiio-utils), to check the client against libiio's own.
  public static var hasLibiioUtilities: Bool {
    ChildProcess.executable("iio_info") != nil && ChildProcess.executable("iio_attr") != nil
  }

  /// The loopback port iiod listens on.
  public let port: UInt16
  /// umockdev-run's process id, which leads the process group iiod is in.
  public let processID: pid_t
  private let stderrPath: String
  private let stopped = Mutex(false)

  private init(port: UInt16, processID: pid_t, stderrPath: String) {
    self.port = port
    self.processID = processID
    self.stderrPath = stderrPath
  }

  deinit { stop() }

  /// The start failed: what was missing, or what iiod said.
  public struct StartFailure: Error, CustomStringConvertible {
    public var description: String
  }

  /// Starts `umockdev-run -d DEVICE [-s /dev/iio:device0=SCRIPT] -- iiod -p PORT` on `port` (a
  /// free one when nil) and returns once it accepts connections.
  public static func start(device: String, script: String? = nil, port: UInt16? = nil) throws
    -> IIODServer
  {
    guard isInstalled, let umockdev = ChildProcess.executable("umockdev-run") else {
      throw StartFailure(description: skipMessage)
    }
    let port = try port ?? ClosedPort().port
    var arguments = [umockdev, "-d", device]
    if let script { arguments += ["-s", "/dev/iio:device0=" + script] }
    arguments += ["--", "/usr/sbin/iiod", "-p", String(port)]
    let stderrPath = FileManager.default.temporaryDirectory
      .appendingPathComponent("iiod-\(getpid())-\(port).stderr").path
    let processID = try SpawnedProcess(arguments, errorPath: stderrPath).processID
    let server = IIODServer(port: port, processID: processID, stderrPath: stderrPath)
    let deadline = Date().addingTimeInterval(10)
    while Date() < deadline {
      if Gpsfake.portAccepts(port) { return server }
      if !server.isRunning { break }
      usleep(10_000)
    }
    let output = (try? String(contentsOfFile: stderrPath, encoding: .utf8)) ?? ""
    server.stop()
    throw StartFailure(description: "iiod did not listen on port \(port): \(output)")
  }

  /// `ip:127.0.0.1:PORT`, the URI libiio's tools take with `-u`.
  public var uri: String { "ip:127.0.0.1:\(port)" }

  /// Whether umockdev-run is still running (reaps it if it has exited).
  public var isRunning: Bool {
    var status: Int32 = 0
    return waitpid(processID, &status, WNOHANG) == 0
  }

  /// Kills umockdev-run and iiod (SIGKILL to the group) and reaps them; only the first call
  /// acts, so a later one never signals a reused process group id.
  public func stop() {
    guard
      !stopped.withLock({ stopped in
        defer { stopped = true }
        return stopped
      })
    else { return }
    kill(-processID, SIGKILL)
    var status: Int32 = 0
    _ = waitpid(processID, &status, 0)
    try? FileManager.default.removeItem(atPath: stderrPath)
  }

  /// Runs a libiio utility (`iio_info`, `iio_attr`) and returns its standard output.
  public static func run(_ tool: String, _ arguments: [String]) throws -> String {
    guard let path = ChildProcess.executable(tool) else {
      throw StartFailure(description: "\(tool) is not installed: apt-get install libiio-utils")
    }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path)
    process.arguments = arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = FileHandle.nullDevice
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: data, as: UTF8.self)
  }
}
