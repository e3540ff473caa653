enum VersionMember: String, CaseIterable {
  case `class`, release, rev
  case protoMajor = "proto_major"
  case protoMinor = "proto_minor"
  case remote
  static let table = MemberTable<VersionMember>()
}

enum DeviceMember: String, CaseIterable {
  case `class`, path, activated, flags, driver, subtype, subtype1, bps, parity, stopbits, native,
    cycle, mincycle
  static let table = MemberTable<DeviceMember>()
}

enum WatchMember: String, CaseIterable {
  case `class`, enable, json, nmea, raw, scaled, split24, pps, timing, device, remote
  static let table = MemberTable<WatchMember>()
}

enum ListMember: String, CaseIterable {
  case `class`, devices, message
  static let table = MemberTable<ListMember>()
}

extension ObjectReader {
  mutating func decodeVersion() throws(GPSDDecodingError) -> VersionReport {
    var release: String?
    var rev: String?
    var major: Int?
    var minor: Int?
    var remote: String?
    while let member = try nextMember(VersionMember.table) {
      do {
        switch member {
        case .class: try scanner.skipValue()
        case .release: release = try scanner.string()
        case .rev: rev = try scanner.string()
        case .protoMajor: major = try scanner.int()
        case .protoMinor: minor = try scanner.int()
        case .remote: remote = try scanner.string()
        }
      } catch {
        throw attribute(error, member)
      }
    }
    guard let major else { throw missing("proto_major") }
    guard let minor else { throw missing("proto_minor") }
    return VersionReport(
      release: release ?? "", rev: rev ?? "", protoMajor: major, protoMinor: minor, remote: remote
    )
  }

  mutating func decodeDevice() throws(GPSDDecodingError) -> DeviceReport {
    var report = DeviceReport()
    while let member = try nextMember(DeviceMember.table) {
      do {
        switch member {
        case .class: try scanner.skipValue()
        case .path: report.path = try scanner.string()
        case .activated: try activation(into: &report)
        case .flags: report.flags = try scanner.int()
        case .driver: report.driver = try scanner.string()
        case .subtype: report.subtype = try scanner.string()
        case .subtype1: report.subtype1 = try scanner.string()
        case .bps: report.bps = try scanner.int()
        case .parity: report.parity = try scanner.string()
        case .stopbits: report.stopbits = try stopBits()
        case .native: report.native = try scanner.int()
        case .cycle: report.cycle = try scanner.number()
        case .mincycle: report.mincycle = try scanner.number()
        }
      } catch {
        throw attribute(error, member)
      }
    }
    return report
  }

  /// `"activated"` is a time string, or the number 0 when the device went away.
  private mutating func activation(into report: inout DeviceReport) throws(GPSDDecodingError) {
    if try scanner.peek() == UInt8(ascii: "\"") {
      report.activated = try scanner.timestamp()
      return
    }
    guard let seconds = try scanner.number() else { return }
    if seconds == 0 {
      report.isDeactivated = true
      report.activated = nil
    } else {
      report.activated = TimestampParser.fromEpochSeconds(seconds)
    }
  }

  /// gpsd_json(5) documents stopbits as a string; gpsd 3.22 sends a number. Accept both.
  private mutating func stopBits() throws(GPSDDecodingError) -> Int? {
    let start = scanner.position
    guard try scanner.peek() == UInt8(ascii: "\"") else { return try scanner.int() }
    guard let text = try scanner.string() else { return nil }
    guard let bits = Int(text) else { throw invalid("stopbits", at: start, "expected 1 or 2") }
    return bits
  }

  mutating func decodeDevices() throws(GPSDDecodingError) -> [DeviceReport] {
    var devices: [DeviceReport] = []
    while let member = try nextMember(ListMember.table) {
      guard member == .devices else {
        try scanner.skipValue()
        continue
      }
      if try scanner.consumeNull() { continue }
      do { try scanner.beginArray() } catch { throw attribute(error, member) }
      var first = true
      while try scanner.nextElement(first: &first) {
        var reader = try nested(className: "DEVICE")
        devices.append(try reader.decodeDevice())
        scanner = reader.scanner
      }
    }
    return devices
  }

  mutating func decodeWatch() throws(GPSDDecodingError) -> WatchReport {
    var report = WatchReport()
    while let member = try nextMember(WatchMember.table) {
      do {
        switch member {
        case .class: try scanner.skipValue()
        case .enable: report.enable = try scanner.bool()
        case .json: report.json = try scanner.bool()
        case .nmea: report.nmea = try scanner.bool()
        case .raw: report.raw = try scanner.int()
        case .scaled: report.scaled = try scanner.bool()
        case .split24: report.split24 = try scanner.bool()
        case .pps: report.pps = try scanner.bool()
        case .timing: report.timing = try scanner.bool()
        case .device: report.device = try scanner.string()
        case .remote: report.remote = try scanner.string()
        }
      } catch {
        throw attribute(error, member)
      }
    }
    return report
  }

  mutating func decodeError() throws(GPSDDecodingError) -> String {
    var message: String?
    while let member = try nextMember(ListMember.table) {
      guard member == .message else {
        try scanner.skipValue()
        continue
      }
      do { message = try scanner.string() } catch { throw attribute(error, member) }
    }
    guard let message else { throw missing("message") }
    return message
  }
}
