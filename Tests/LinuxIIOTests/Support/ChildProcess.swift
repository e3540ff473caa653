import Foundation

/// Runs one test of this bundle again in a child process, under a wrapper such as
/// `umockdev-run` or `setpriv`, so the library sees a different /sys or different privileges.
///
/// The child test is selected by `--filter` and told it is the child through
/// `LINUXIIO_CHILD`; the parent checks that exactly that test ran and passed.
enum ChildProcess {
  static let modeVariable = "LINUXIIO_CHILD"
  static let treeVariable = "LINUXIIO_TREE"

  /// Whether this process is a child started for `mode`.
  static func isChild(_ mode: String) -> Bool {
    ProcessInfo.processInfo.environment[modeVariable] == mode
  }

  /// The first executable named `name` on PATH (or the usual sbin directories).
  static func executable(_ name: String) -> String? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
    let directories =
      path.split(separator: ":").map(String.init) + ["/usr/sbin", "/usr/bin", "/sbin", "/bin"]
    return directories.map { $0 + "/" + name }.first {
      FileManager.default.isExecutableFile(atPath: $0)
    }
  }

  struct Outcome {
    var status: Int32
    var output: String
    /// True when the child ran exactly one test and it passed.
    var passed: Bool {
      status == 0 && output.contains("Test run with 1 test") && output.contains("passed")
    }
  }

  /// Runs `wrapper + [this test binary, --filter test]` with `mode` in the environment and a
  /// 60-second watchdog, so a hung child fails the test instead of hanging the run.
  static func run(
    wrapper: [String], test: String, mode: String, environment: [String: String] = [:]
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
