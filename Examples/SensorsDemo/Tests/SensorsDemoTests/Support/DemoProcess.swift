import Foundation
import Synchronization

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

  /// Runs `sensors-demo arguments…`, killing it (and failing) if it outlives `timeout` seconds;
  /// with a `wrapper` (`["/usr/bin/umockdev-run", "-d", DEVICE, "--"]`), runs it through that.
  ///
  /// The blocking reads and the wait run on Dispatch threads, never on Swift's cooperative
  /// pool: with two cores, two blocked pool threads would stall every other test (and this
  /// function's own watchdog).
  static func run(
    _ arguments: [String], timeout: Double = 20, environment: [String: String] = [:],
    wrapper: [String] = []
  ) async throws -> Result {
    let process = Process()
    let demo = try binary()
    if let program = wrapper.first {
      process.executableURL = URL(fileURLWithPath: program)
      process.arguments = wrapper.dropFirst() + [demo.path] + arguments
    } else {
      process.executableURL = demo
      process.arguments = arguments
    }
    // No saved magnetometer calibration goes from one run (or the developer's own) into
    // another unless a test asks for one: runs stay independent.
    process.environment = ProcessInfo.processInfo.environment
      .merging(["SENSORS_DEMO_CALIBRATION": ""]) { $1 }
      .merging(environment) { $1 }
    let output = Pipe()
    let error = Pipe()
    process.standardOutput = output
    process.standardError = error
    process.standardInput = FileHandle.nullDevice

    let start = ContinuousClock.now
    try process.run()
    let timedOut = Watchdog(process: process, seconds: timeout)
    async let out = readToEnd(output.fileHandleForReading)
    async let err = readToEnd(error.fileHandleForReading)
    let (outputData, errorData) = await (out, err)
    await waitForExit(process)
    timedOut.cancel()
    let elapsed = start.duration(to: .now)
    let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    if timedOut.fired {
      throw Failure.timedOut(arguments: arguments, seconds: timeout)
    }
    return Result(
      status: process.terminationStatus,
      standardOutput: String(decoding: outputData, as: UTF8.self),
      standardError: String(decoding: errorData, as: UTF8.self), seconds: seconds)
  }

  private static func readToEnd(_ handle: FileHandle) async -> Data {
    await withCheckedContinuation { continuation in
      DispatchQueue.global().async { continuation.resume(returning: handle.readDataToEndOfFile()) }
    }
  }

  private static func waitForExit(_ process: Process) async {
    await withCheckedContinuation { continuation in
      DispatchQueue.global().async {
        process.waitUntilExit()
        continuation.resume()
      }
    }
  }
}

/// Terminates a process that runs longer than allowed, on a Dispatch timer.
final class Watchdog {
  private final class Flag: Sendable {
    let value = Atomic<Bool>(false)
  }

  private let timer: any DispatchSourceTimer
  private let flag = Flag()

  init(process: Process, seconds: Double) {
    timer = DispatchSource.makeTimerSource(queue: .global())
    let flag = self.flag
    timer.setEventHandler {
      flag.value.store(true, ordering: .relaxed)
      process.terminate()
    }
    timer.schedule(deadline: .now() + seconds)
    timer.resume()
  }

  /// Whether the time ran out and the process was terminated.
  var fired: Bool { flag.value.load(ordering: .relaxed) }

  func cancel() { timer.cancel() }
}
