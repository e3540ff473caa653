import Foundation

/// Runs one test of this bundle in a child process under a wrapper (`umockdev-run …`,
/// `setpriv …`), so that it sees another `/sys` or other privileges.
enum ChildTest {
  /// The first executable called `name` in the usual system directories.
  static func executable(_ name: String) -> String? {
    ["/usr/bin/", "/usr/local/bin/", "/bin/", "/usr/sbin/", "/sbin/"].map { $0 + name }.first {
      FileManager.default.isExecutableFile(atPath: $0)
    }
  }

  /// Runs `wrapper + [this binary, --filter test]` with `environment` added. Returns nil when
  /// exactly that one test ran and passed, else the child's output. A 60-second watchdog
  /// turns a hung child into a failure.
  static func run(wrapper: [String], test: String, environment: [String: String]) throws -> String?
  {
    let binary = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: wrapper[0])
    process.arguments =
      Array(wrapper.dropFirst()) + [binary, "--testing-library", "swift-testing", "--filter", test]
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    process.currentDirectoryURL = URL(fileURLWithPath: NSTemporaryDirectory())
    let output = Pipe()
    process.standardOutput = output
    process.standardError = output
    try process.run()
    let watchdog = DispatchWorkItem { if process.isRunning { process.terminate() } }
    DispatchQueue.global().asyncAfter(deadline: .now() + 60, execute: watchdog)
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    watchdog.cancel()
    let passed =
      process.terminationStatus == 0 && text.contains("Test run with 1 test")
      && !text.contains("failed")
    return passed ? nil : text
  }
}
