import Testing

@testable import SensorsDemoFeatures

@Suite("Command line")
struct ArgumentParserTests {
  @Test("each --help says what --count counts, and only motion commands speak of calibration")
  func helpTexts() {
    let counts: [(DemoCommand, String)] = [
      (.location, "stop after N fixes"), (.tilt, "stop after N settled tilts"),
      (.record, "stop after N recorded values"), (.bouncer, "stop after N accelerometer samples"),
      (.motion, "stop after N device-motion updates"), (.gyro, "stop after N samples"),
      (.dashboard, "stop after N device-motion updates"),
    ]
    for (command, counted) in counts {
      #expect(Usage.text(for: command).contains(counted), "\(command)")
    }
    #expect(!Usage.text(for: .location).contains("magnetometer"))
    #expect(!Usage.text(for: .devices).contains("magnetometer"))
    #expect(Usage.text(for: .motion).contains("magnetometer calibration"))
    #expect(Usage.text(for: .devices).contains("--live"))
  }

  @Test("no arguments: the dashboard on the bundled recordings")
  func noArguments() throws {
    let arguments = try ArgumentParser.parse([])
    #expect(arguments == DemoArguments())
    #expect(arguments.command == .dashboard)
  }

  @Test("options take values after a space or an equals sign")
  func optionValues() throws {
    let arguments = try ArgumentParser.parse([
      "accelerometer", "--iio-root", "/tmp/sys", "--mode=poll", "--count", "5", "--json",
    ])
    #expect(arguments.command == .accelerometer)
    #expect(arguments.iioRoot == "/tmp/sys")
    #expect(arguments.mode == .poll)
    #expect(arguments.count == 5)
    #expect(arguments.json)
  }

  @Test(
    "--speed outside 0.01...1000 is a usage error, never a crash",
    arguments: ["1e308", "1e-300", "0.001", "1001", "inf", "nan", "0", "-2"])
  func speedOutOfRange(value: String) {
    #expect(throws: UsageError.self) { try ArgumentParser.parse(["record", "--speed", value]) }
  }

  @Test(
    "--seconds and --interval outside their ranges are usage errors, never a crash",
    arguments: [
      ["record", "--seconds", "1e308"], ["record", "--seconds", "1e10"],
      ["gyro", "--interval", "1e308"],
      ["gyro", "--interval", "1e-300"], ["gyro", "--interval", "7200"],
    ])
  func durationsOutOfRange(arguments: [String]) {
    #expect(throws: UsageError.self) { try ArgumentParser.parse(arguments) }
  }

  @Test("--speed within range is taken as given")
  func speedInRange() throws {
    #expect(try ArgumentParser.parse(["record", "--speed", "0.01"]).speed == 0.01)
    #expect(try ArgumentParser.parse(["record", "--speed=1000"]).speed == 1000)
  }

  @Test("--iiod HOST[:PORT] reads a remote board's sensors, with a reading mode")
  func iiodAddresses() throws {
    let arguments = try ArgumentParser.parse([
      "accelerometer", "--iiod", "board.local:30500", "--mode", "buffered", "--count", "3",
      "--json",
    ])
    #expect(arguments.iiod == "board.local:30500")
    #expect(arguments.mode == .buffered)
    #expect(arguments.readsLiveMotion)
    #expect(try ArgumentParser.parse(["motion", "--iiod=[::1]"]).iiod == "[::1]")
  }

  @Test("gpsd addresses: host, host:port, [IPv6]:port")
  func gpsdAddresses() throws {
    #expect(
      try ArgumentParser.parse(["location", "--gpsd", "gps.local"]).gpsd
        == .init(host: "gps.local", port: 2947))
    #expect(
      try ArgumentParser.parse(["location", "--gpsd", "127.0.0.1:3000"]).gpsd
        == .init(host: "127.0.0.1", port: 3000))
    #expect(
      try ArgumentParser.parse(["location", "--gpsd=[::1]:2948"]).gpsd
        == .init(host: "::1", port: 2948))
  }

  @Test("help: --help, -h and `help COMMAND`")
  func help() throws {
    #expect(try ArgumentParser.parse(["--help"]).help)
    #expect(try ArgumentParser.parse(["tilt", "-h"]).help)
    let viaHelp = try ArgumentParser.parse(["help", "bouncer"])
    #expect(viaHelp.help && viaHelp.command == .bouncer)
    for command in DemoCommand.allCases {
      #expect(
        Usage.text(for: command).contains("USAGE: sensors-demo"), "\(command) has a usage line")
    }
  }

  @Test(
    "bad command lines get one line saying what is wrong",
    arguments: [
      (["fly"], "unknown command 'fly'"),
      (["tilt", "--bogus"], "unknown option '--bogus' for 'tilt'"),
      (["devices", "--count", "3"], "unknown option '--count' for 'devices'"),
      (["motion", "--count"], "option '--count' needs a value"),
      (["motion", "--count", "0"], "invalid value '0' for '--count'"),
      (["motion", "--count", "many"], "invalid value 'many' for '--count'"),
      (["motion", "--frame", "sideways"], "invalid value 'sideways' for '--frame'"),
      (["gyro", "--mode", "fast"], "invalid value 'fast' for '--mode'"),
      (["gyro", "--mode", "poll"], "'--mode' says how live IIO sensors are read"),
      (["motion", "--replay", "imu.csv", "--mode", "buffered"], "'--mode' says how live IIO"),
      (["gyro", "--interval", "-1"], "invalid value '-1' for '--interval'"),
      (
        [String]("--speed nan".split(separator: " ").map(String.init)),
        "invalid value 'nan' for '--speed'"
      ),
      (["location", "--gpsd", "host:99999"], "invalid value 'host:99999' for '--gpsd'"),
      (["location", "--gpsd", ":2947"], "invalid value ':2947' for '--gpsd'"),
      (["gyro", "--iiod", "board:99999"], "invalid value 'board:99999' for '--iiod'"),
      (["location", "--iiod", "board"], "unknown option '--iiod' for 'location'"),
      (["gyro", "--iiod", "b", "--iio-root", "/s"], "options --iiod and --iio-root choose"),
      (["gyro", "--iiod", "b", "--live"], "options --iiod and --live choose different sources"),
      (["gyro", "--iiod", "b", "--replay", "f"], "options --replay and --iiod choose different"),
      (["--json=yes"], "option '--json' takes no value"),
      (["tilt", "extra"], "unexpected argument 'extra'"),
      (["tilt", "--live", "--bundled"], "options --live and --bundled choose different sources"),
      (
        ["location", "--gpsd", "h", "--replay", "f"],
        "options --replay and --gpsd choose different sources"
      ),
    ])
  func rejects(arguments: [String], message: String) {
    #expect {
      try ArgumentParser.parse(arguments)
    } throws: { error in
      guard let error = error as? UsageError else { return false }
      return error.message.hasPrefix(message) && !error.message.contains("\n")
    }
  }
}
