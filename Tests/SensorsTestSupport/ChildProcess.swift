import Foundation

/// Runs one test of this bundle again in a child process, under a wrapper such as
/// `umockdev-run` or `setpriv`, so the library sees a different /sys or different privileges.
///
/// The child test is selected by `--filter` and told it is the child through
/// `LINUXIIO_CHILD`; the parent checks that exactly that test ran and passed. LinuxIIOTests and
/// ComposableMotionTests both run children this way.
public enum ChildProcess {
  /// The environment variable that names the child's mode.
  public static let modeVariable = "LINUXIIO_CHILD"
  /// The environment variable a parent uses to hand its child a sysfs tree.
  public static let treeVariable = "LINUXIIO_TREE"

  /// Whether this process is a child started for `mode`.
  public static func isChild(_ mode: String) -> Bool {
    ProcessInfo.processInfo.environment[modeVariable] == mode
  }

  /// The first executable named `name` on PATH. PATH alone decides (umockdev-run and setpriv
  /// live in /usr/bin), so a run with a PATH that hides a tool shows the skip a machine without
  /// it would see.
  public static func executable(_ name: String) -> String? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    return path.split(separator: ":").map { $0 + "/" + name }.first {
      FileManager.default.isExecutableFile(atPath: $0)
    }
  }

  /// The first directory above this test binary (or the binary itself) that other users cannot
  /// enter or run, which would stop a child started under another uid; `nil` if there is none.
  public static func pathClosedToOthers() throws -> String? {
    let binary = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
    var path = URL(fileURLWithPath: binary)
    var candidates: [String] = []
    while path.path != "/" {
      candidates.insert(path.path, at: 0)
      path.deleteLastPathComponent()
    }
    return candidates.first { candidate in
      let attributes = try? FileManager.default.attributesOfItem(atPath: candidate)
      let mode = (attributes?[.posixPermissions] as? NSNumber)?.intValue ?? 0
      return mode & 0o001 == 0
    }
  }

  /// How a child run ended.
  public struct Outcome: Sendable {
    /// The child's exit status.
    public var status: Int32
    /// What the child wrote to standard output and standard error.
    public var output: String
    /// An outcome, for a run that could not start (`status` -1 and the reason as `output`).
    public init(status: Int32, output: String) {
      self.status = status
      self.output = output
    }

    /// True when the child ran exactly one test and it passed.
    public var passed: Bool {
      status == 0 && output.contains("Test run with 1 test") && output.contains("passed")
    }
  }

  /// Runs `wrapper + [this test binary, --filter test]` with `mode` in the environment and a
  /// 60-second watchdog, so a hung child fails the test instead of hanging the run.
  ///
  /// The child runs for seconds; waiting for it on a thread of its own keeps the concurrency
  /// pool (one thread per core) free for the tests running beside this one.
  public static func run(
    wrapper: [String], test: String, mode: String, environment: [String: String] = [:]
  ) async throws -> Outcome {
    try await withCheckedThrowingContinuation { continuation in
      Thread {
        continuation.resume(
          with: Result {
            try runBlocking(wrapper: wrapper, test: test, mode: mode, environment: environment)
          })
      }.start()
    }
  }

  private static func runBlocking(
    wrapper: [String], test: String, mode: String, environment: [String: String]
  ) throws -> Outcome {
    let binary = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: wrapper[0])
    process.arguments =
      Array(wrapper.dropFirst()) + [binary, "--testing-library", "swift-testing", "--filter", test]
    var childEnvironment = ProcessInfo.processInfo.environment
    childEnvironment[modeVariable] = mode
    childEnvironment.merge(environment) { $1 }
    process.environment = childEnvironment
    process.currentDirectoryURL = URL(fileURLWithPath: NSTemporaryDirectory())
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    try process.run()
    let watchdog = DispatchWorkItem { [process] in if process.isRunning { process.terminate() } }
    DispatchQueue.global().asyncAfter(deadline: .now() + 60, execute: watchdog)
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    watchdog.cancel()
    return Outcome(status: process.terminationStatus, output: String(decoding: data, as: UTF8.self))
  }
}
