import Foundation
import SensorsTestSupport
import Testing

/// `sensors-demo` on a terminal: util-linux `script` gives it a pseudo-terminal, and the test
/// types keys into it.
@Suite("sensors-demo on a terminal", .tags(.integration), .serialized)
struct TerminalEndToEndTests {
  static let script = "/usr/bin/script"
  static var hasScript: Bool { FileManager.default.isExecutableFile(atPath: script) }

  /// Runs `sensors-demo arguments` under `script`, types `keys` after `delay`, and returns the
  /// exit status and everything written to the terminal.
  private func runOnTerminal(_ arguments: [String], typing keys: String, after delay: Duration)
    async throws
    -> (status: Int32, screen: String)
  {
    let binary = try DemoProcess.binary().path
    let command = ([binary] + arguments).joined(separator: " ")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: Self.script)
    // -e: exit with the child's status; -f: flush every write; -q: no banner.
    process.arguments = ["-qfec", command, "/dev/null"]
    let input = Pipe()
    let output = Pipe()
    process.standardInput = input
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    let watchdog = Watchdog(process: process, seconds: 20)
    try process.run()
    try await Task.sleep(for: delay)
    input.fileHandleForWriting.write(Data(keys.utf8))
    let screen: Data = await withCheckedContinuation { continuation in
      DispatchQueue.global().async {
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        continuation.resume(returning: data)
      }
    }
    watchdog.cancel()
    #expect(!watchdog.fired, "sensors-demo \(command) did not quit")
    return (process.terminationStatus, String(decoding: screen, as: UTF8.self))
  }

  @Test(
    "full-screen view redrawn in place; q quits at once and restores the terminal",
    .enabled(if: hasScript))
  func quitsWithQ() async throws {
    let run = try await runOnTerminal(
      ["tilt", "--bundled"], typing: "q", after: .milliseconds(1500))
    #expect(run.status == 0)
    #expect(run.screen.contains("\u{1B}[?1049h"), "enters the alternate screen")
    #expect(run.screen.components(separatedBy: "\u{1B}[H").count > 5, "redraws frames in place")
    #expect(run.screen.contains("Tilt detector"))
    #expect(
      run.screen.hasSuffix("\u{1B}[?25h\u{1B}[?1049l"),
      "shows the cursor and leaves the alternate screen")
  }

  @Test("Ctrl-C quits with status 130 and restores the terminal", .enabled(if: hasScript))
  func interruptRestores() async throws {
    let run = try await runOnTerminal([], typing: "\u{03}", after: .milliseconds(1500))
    #expect(run.status == 130)
    #expect(run.screen.contains("DEVICE MOTION"))
    #expect(run.screen.hasSuffix("\u{1B}[?25h\u{1B}[?1049l"))
  }
}
