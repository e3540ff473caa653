import ComposableMotion
import Geomagnetism
import LinuxIIO

/// Parses `sensors-demo`'s command line by hand (the package has no dependencies): a command
/// name first (none for the dashboard), then `--option value`, `--option=value` or `--flag`.
enum ArgumentParser {
  /// Parses `arguments` (without the program name).
  ///
  /// - Throws: ``UsageError`` naming the unknown command or option, the missing or bad value,
  ///   or the conflicting options, and the `--help` to read.
  static func parse(_ arguments: [String]) throws(UsageError) -> DemoArguments {
    var result = DemoArguments()
    var rest = arguments[...]
    if let first = rest.first, !first.hasPrefix("-") {
      rest.removeFirst()
      if first == "help" {
        result.help = true
        if let name = rest.popFirst() { result.command = try command(named: name) }
        guard rest.isEmpty else {
          throw UsageError(
            "unexpected argument '\(rest[rest.startIndex])' after 'help \(result.command.rawValue)'"
          )
        }
        return result
      }
      result.command = try command(named: first)
    }
    let helpHint =
      "see 'sensors-demo\(result.command == .dashboard ? "" : " " + result.command.rawValue) --help'"
    while let argument = rest.popFirst() {
      guard argument.hasPrefix("-"), argument != "-", argument != "--" else {
        throw UsageError("unexpected argument '\(argument)'; \(helpHint)")
      }
      let body = argument.drop { $0 == "-" }
      let parts = body.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      let name = String(parts[0])
      guard let option = name == "h" ? .help : DemoOption(rawValue: name),
        option == .help || result.command.options.contains(option)
      else {
        throw UsageError(
          "unknown option '\(argument)' for '\(result.command.rawValue)'; \(helpHint)")
      }
      var value: String?
      if parts.count == 2 {
        guard option.takesValue else {
          throw UsageError("option '--\(name)' takes no value; \(helpHint)")
        }
        value = String(parts[1])
      } else if option.takesValue {
        guard let next = rest.popFirst() else {
          throw UsageError("option '--\(name)' needs a value; \(helpHint)")
        }
        value = next
      }
      try apply(option, value: value ?? "", to: &result)
    }
    try checkConflicts(result, helpHint: helpHint)
    if result.command == .capture, !result.help { try checkCapture(result, helpHint: helpHint) }
    if result.command == .magneticField, !result.help {
      guard result.latitude != nil, result.longitude != nil else {
        throw UsageError("magnetic-field needs --latitude and --longitude; \(helpHint)")
      }
    }
    return result
  }

  private static func command(named name: String) throws(UsageError) -> DemoCommand {
    guard let command = DemoCommand(rawValue: name), command != .dashboard else {
      let names = DemoCommand.allCases.filter { $0 != .dashboard }.map(\.rawValue).joined(
        separator: ", ")
      throw UsageError(
        "unknown command '\(name)'; the commands are \(names) (see 'sensors-demo --help')")
    }
    return command
  }

  private static func apply(_ option: DemoOption, value: String, to result: inout DemoArguments)
    throws(UsageError)
  {
    switch option {
    case .help: result.help = true
    case .json: result.json = true
    case .live: result.live = true
    case .bundled: result.bundled = true
    case .motionOnly: result.motionOnly = true
    case .locationOnly: result.locationOnly = true
    case .geoclue: result.geoclue = true
    case .out: result.out = try nonEmpty(value, option)
    case .iioRoot: result.iioRoot = try nonEmpty(value, option)
    case .replay: result.replay = try nonEmpty(value, option)
    case .replayIMU: result.replayIMU = try nonEmpty(value, option)
    case .replayGPSD: result.replayGPSD = try nonEmpty(value, option)
    case .gpsd: result.gpsd = try gpsdAddress(value)
    case .iiod:
      guard (try? IIODAddress(parsing: value)) != nil else {
        throw UsageError(
          "invalid value '\(value)' for '--iiod': expected HOST or HOST:PORT, e.g. board.local:30431"
        )
      }
      result.iiod = value
    case .seconds:
      result.seconds = try number(
        value, option, in: DemoArguments.secondsRange, "a number of seconds up to 1e9 (31 years)")
    case .speed:
      result.speed = try number(
        value, option, in: DemoArguments.speedRange,
        "a factor from 0.01 (100 times slower) to 1000 (1000 times faster than real time)")
    case .interval:
      result.interval = try number(
        value, option, in: DemoArguments.intervalRange, "an interval from 1e-6 to 3600 seconds")
    case .count:
      guard let count = Int(value), count > 0 else {
        throw UsageError(
          "invalid value '\(value)' for '--count': expected a whole number of updates, 1 or more")
      }
      result.count = count
    case .latitude: result.latitude = try degrees(value, option, limit: 90)
    case .longitude: result.longitude = try degrees(value, option, limit: 180)
    case .altitude:
      guard let metres = Double(value), metres.isFinite, (-1_000...850_000).contains(metres) else {
        throw UsageError(
          "invalid value '\(value)' for '--altitude': expected metres above the WGS84 ellipsoid"
            + " from -1000 to 850000")
      }
      result.altitude = metres
    case .date: result.date = try day(value)
    case .frame:
      guard let frame = AttitudeReferenceFrame(rawValue: value) else {
        let names = AttitudeReferenceFrame.allCases.map(\.rawValue).joined(separator: ", ")
        throw UsageError("invalid value '\(value)' for '--frame': expected one of \(names)")
      }
      result.frame = frame
    case .mode:
      guard let mode = DemoArguments.ReadMode(rawValue: value) else {
        throw UsageError("invalid value '\(value)' for '--mode': expected poll or buffered")
      }
      result.mode = mode
    }
  }

  /// A finite number of degrees within ±`limit`.
  private static func degrees(_ value: String, _ option: DemoOption, limit: Double)
    throws(UsageError) -> Double
  {
    guard let degrees = Double(value), degrees.isFinite, abs(degrees) <= limit else {
      throw UsageError(
        "invalid value '\(value)' for '--\(option.rawValue)': expected degrees from"
          + " -\(Int(limit)) to \(Int(limit))")
    }
    return degrees
  }

  /// `YYYY-MM-DD`, a day that exists.
  private static func day(_ value: String) throws(UsageError) -> CalendarDay {
    do throws(GeomagneticError) {
      return try CalendarDay(value)
    } catch {
      throw UsageError("invalid value '\(value)' for '--date': \(error)")
    }
  }

  private static func nonEmpty(_ value: String, _ option: DemoOption) throws(UsageError) -> String {
    guard !value.isEmpty else {
      throw UsageError("option '--\(option.rawValue)' needs a non-empty value")
    }
    return value
  }

  /// A finite number > 0 within `range`: everything a `Duration` or a clock is built from, so
  /// that no argument can overflow one.
  private static func number(
    _ value: String, _ option: DemoOption, in range: ClosedRange<Double>, _ expected: String
  ) throws(UsageError) -> Double {
    let number = try positiveNumber(value, option)
    guard range.contains(number) else {
      throw UsageError("invalid value '\(value)' for '--\(option.rawValue)': expected \(expected)")
    }
    return number
  }

  private static func positiveNumber(_ value: String, _ option: DemoOption) throws(UsageError)
    -> Double
  {
    guard let number = Double(value), number.isFinite, number > 0 else {
      throw UsageError(
        "invalid value '\(value)' for '--\(option.rawValue)': expected a number greater than 0")
    }
    return number
  }

  /// `HOST`, `HOST:PORT` or `[IPv6]:PORT`; the port defaults to gpsd's 2947.
  static func gpsdAddress(_ value: String) throws(UsageError) -> DemoArguments.GPSDAddress {
    let invalid = UsageError(
      "invalid value '\(value)' for '--gpsd': expected HOST or HOST:PORT, e.g. 127.0.0.1:2947")
    var host = Substring(value)
    var portText: Substring?
    if host.hasPrefix("[") {
      guard let close = host.firstIndex(of: "]") else { throw invalid }
      let after = host[host.index(after: close)...]
      host = host[host.index(after: host.startIndex)..<close]
      if !after.isEmpty {
        guard after.hasPrefix(":") else { throw invalid }
        portText = after.dropFirst()
      }
    } else if let colon = host.lastIndex(of: ":") {
      guard host.firstIndex(of: ":") == colon else { throw invalid }
      portText = host[host.index(after: colon)...]
      host = host[..<colon]
    }
    guard !host.isEmpty else { throw invalid }
    var port: UInt16 = 2947
    if let portText {
      guard let parsed = UInt16(portText), parsed > 0 else { throw invalid }
      port = parsed
    }
    return DemoArguments.GPSDAddress(host: String(host), port: port)
  }

  /// Options that pick different sources for the same data cannot be combined. The dashboard
  /// has two halves, so there `--replay FILE` (whose format says which half it is for) may be
  /// combined with a live option for the other half; ``Sources`` checks the rest.
  private static func checkConflicts(_ arguments: DemoArguments, helpHint: String)
    throws(UsageError)
  {
    let dashboard = arguments.command == .dashboard
    let chosen = [
      arguments.live ? "--live" : nil, arguments.bundled ? "--bundled" : nil,
      dashboard ? nil : arguments.replay.map { _ in "--replay" },
    ].compactMap { $0 }
    let live = [
      arguments.iioRoot.map { _ in "--iio-root" }, arguments.gpsd.map { _ in "--gpsd" },
      arguments.iiod.map { _ in "--iiod" },
    ].compactMap { $0 }
    let replays = [
      dashboard ? arguments.replay.map { _ in "--replay" } : nil,
      arguments.replayIMU.map { _ in "--replay-imu" },
      arguments.replayGPSD.map { _ in "--replay-gpsd" },
    ].compactMap { $0 }
    var conflicts: [String] = []
    if chosen.count > 1 { conflicts = chosen }
    if arguments.bundled, let other = (live + replays).first { conflicts = ["--bundled", other] }
    if !dashboard, arguments.replay != nil, let other = live.first {
      conflicts = ["--replay", other]
    }
    if dashboard, arguments.replayIMU != nil, arguments.iioRoot != nil {
      conflicts = ["--replay-imu", "--iio-root"]
    }
    if arguments.iiod != nil,
      let local = arguments.iioRoot.map({ _ in "--iio-root" })
        ?? (arguments.live ? "--live" : nil)
    {
      conflicts = ["--iiod", local]
    }
    if dashboard, arguments.replayIMU != nil, arguments.iiod != nil {
      conflicts = ["--replay-imu", "--iiod"]
    }
    if dashboard, arguments.replayGPSD != nil, arguments.gpsd != nil {
      conflicts = ["--replay-gpsd", "--gpsd"]
    }
    if !conflicts.isEmpty {
      throw UsageError(
        "options \(conflicts.joined(separator: " and ")) choose different sources; use one. \(helpHint)"
      )
    }
    if arguments.mode != nil, !arguments.readsLiveMotion {
      throw UsageError(
        "'--mode' says how live IIO sensors are read, so it needs --live, --iio-root DIR or --iiod HOST "
          + "(the bundled recordings and replays have no reading mode); \(helpHint)")
    }
  }

  /// `capture` records live sources only, into the directory `--out` names: each half is
  /// captured when a live option chose its source (`--live` both, `--iio-root` motion,
  /// `--gpsd` location), unless `--motion-only` or `--location-only` keeps the other out.
  private static func checkCapture(_ arguments: DemoArguments, helpHint: String)
    throws(UsageError)
  {
    guard arguments.out != nil else {
      throw UsageError(
        "'capture' needs --out DIR, the directory for imu.csv and gpsd.jsonl; \(helpHint)")
    }
    if arguments.motionOnly, arguments.locationOnly {
      throw UsageError("options --motion-only and --location-only exclude each other; \(helpHint)")
    }
    let motion = arguments.readsLiveMotion
    let location = arguments.readsLiveLocation
    if arguments.motionOnly, !motion {
      throw UsageError("'capture --motion-only' needs --live or --iio-root DIR; \(helpHint)")
    }
    if arguments.locationOnly, !location {
      throw UsageError("'capture --location-only' needs --live or --gpsd HOST[:PORT]; \(helpHint)")
    }
    guard motion || location else {
      throw UsageError(
        "'capture' records live sensors: pass --live, --iio-root DIR or --gpsd HOST[:PORT]; \(helpHint)"
      )
    }
  }
}
