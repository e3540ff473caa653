import Foundation

/// Runs the built `sensors-demo` binary the way a user's script would: arguments in, standard
/// output and error captured through pipes (so it is never a terminal), exit status out.
struct DemoProcess {
  struct Result {
    var status: Int32
    var standardOutput: String
    var standardError: String
    var seconds: Double

    var lines: [String] { standardOutput.split(separator: "\n").map(String.init) }
  }

  enum Failure: Error, CustomStringConvertible {
    case binaryNotFound([String])
    case timedOut(arguments: [String], seconds: Double)

    var description: String {
      switch self {
      case .binaryNotFound(let searched):
        "sensors-demo was not built next to the tests (searched \(searched.joined(separator: ", "))); run `swift build`"
      case .timedOut(let arguments, let seconds):
        "sensors-demo \(arguments.joined(separator: " ")) did not exit within \(seconds) s"
      }
    }
  }

  /// The binary SwiftPM built beside the test bundle (the test target depends on it).
  static func binary() throws -> URL {
    let bundle = Bundle.main.bundleURL
    let candidates = [
      bundle.appendingPathComponent("sensors-demo"),
      bundle.deletingLastPathComponent().appendingPathComponent("sensors-demo"),
      URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        .appendingPathComponent("sensors-demo"),
    ]
    guard
      let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0.path) })
    else {
      throw Failure.binaryNotFound(candidates.map(\.path))
    }
    return found
  }

  /// Runs `sensors-demo arguments…`, killing it (and failing) if it outlives `timeout` seconds.
  static func run(_ arguments: [String], timeout: Double = 20, environment: [String: String] = [:])
    async throws -> Result
  {
    let process = Process()
    process.executableURL = try binary()
    process.arguments = arguments
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    let output = Pipe()
    let error = Pipe()
    process.standardOutput = output
    process.standardError = error
    process.standardInput = FileHandle.nullDevice

    let start = ContinuousClock.now
    try process.run()
    // Drain both pipes while the process runs, so a chatty run cannot block on a full pipe.
    async let outputData = Task.detached { output.fileHandleForReading.readDataToEndOfFile() }.value
    async let errorData = Task.detached { error.fileHandleForReading.readDataToEndOfFile() }.value
    let watchdog = Task.detached {
      try await Task.sleep(for: .seconds(timeout))
      process.terminate()
    }
    let (out, err) = await (outputData, errorData)
    process.waitUntilExit()
    watchdog.cancel()
    let elapsed = start.duration(to: .now)
    let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    if process.terminationReason == .uncaughtSignal && seconds >= timeout {
      throw Failure.timedOut(arguments: arguments, seconds: timeout)
    }
    return Result(
      status: process.terminationStatus, standardOutput: String(decoding: out, as: UTF8.self),
      standardError: String(decoding: err, as: UTF8.self), seconds: seconds)
  }
}
