import ComposableLocation
import ComposableMotion
import ComposableStore

#if canImport(Glibc)
  import Glibc
#endif

/// The `sensors-demo` program: parses the command line, builds the clients, runs the command's
/// feature in a store, and returns the exit status.
///
/// Exit status: 0 success, 1 the feature failed or its source cannot be opened (a one-line
/// message on standard error says why and what to do), 2 a bad command line, 128 + N after
/// signal N.
public enum SensorsDemo {
  /// Runs the program with `arguments` (without the program name).
  public static func main(_ arguments: [String]) async -> Int32 {
    // A reader that goes away (`sensors-demo | head`) must end the run, not kill it mid-write.
    signal(SIGPIPE, SIG_IGN)
    let parsed: DemoArguments
    do {
      parsed = try ArgumentParser.parse(arguments)
    } catch {
      StandardError.write("sensors-demo: error: \(error.message)")
      return 2
    }
    if parsed.help {
      OutputWriter().write(Usage.text(for: parsed.command) + "\n")
      return 0
    }
    let mode = OutputMode.choose(json: parsed.json)
    let clock = ScaledClock(speed: parsed.speed)
    do {
      return try await run(parsed, mode: mode, clock: clock)
    } catch {
      StandardError.write("sensors-demo: \(error.description)")
      return 1
    }
  }

  static func run(_ arguments: DemoArguments, mode: OutputMode, clock: ScaledClock<ContinuousClock>)
    async throws(SourceError) -> Int32
  {
    switch arguments.command {
    case .dashboard:
      return await dashboard(arguments, mode: mode, clock: clock)
    case .record:
      return await record(try Sources.motion(arguments, clock: clock).get(), arguments, mode: mode)
    case .tilt:
      return await tilt(
        try Sources.motion(arguments, clock: clock).get(), arguments, mode: mode, clock: clock)
    case .bouncer:
      return await bouncer(try Sources.motion(arguments, clock: clock).get(), arguments, mode: mode)
    case .motion:
      return await motion(try Sources.motion(arguments, clock: clock).get(), arguments, mode: mode)
    case .accelerometer, .gyro, .magnetometer:
      return await sensor(try Sources.motion(arguments, clock: clock).get(), arguments, mode: mode)
    case .location:
      return await location(
        try Sources.location(arguments, clock: clock).get(), arguments, mode: mode)
    case .devices:
      return await devices(arguments, mode: mode)
    case .capture:
      return await capture(arguments, mode: mode)
    case .magneticField:
      return magneticField(arguments, mode: mode)
    case .orientation:
      return await orientation(arguments, mode: mode)
    }
  }
}
