enum GSTMember: String, CaseIterable {
  case `class`, device, time, rms, major, minor, orient, lat, lon, alt, ve, vn, vu
  static let table = MemberTable<GSTMember>()
}

enum TimeOffsetMember: String, CaseIterable {
  case `class`, device
  case realSec = "real_sec"
  case realNsec = "real_nsec"
  case clockSec = "clock_sec"
  case clockNsec = "clock_nsec"
  case precision, qErr
  static let table = MemberTable<TimeOffsetMember>()
}

extension ObjectReader {
  mutating func decodeGST() throws(GPSDDecodingError) -> GSTReport {
    var report = GSTReport()
    while let member = try nextMember(GSTMember.table) {
      do {
        switch member {
        case .class: try scanner.skipValue()
        case .device: report.device = try scanner.string()
        case .time: report.time = try scanner.timestamp()
        case .rms: report.rms = try scanner.number()
        case .major: report.major = try scanner.number()
        case .minor: report.minor = try scanner.number()
        case .orient: report.orient = try scanner.number()
        case .lat: report.lat = try scanner.number()
        case .lon: report.lon = try scanner.number()
        case .alt: report.alt = try scanner.number()
        case .ve: report.ve = try scanner.number()
        case .vn: report.vn = try scanner.number()
        case .vu: report.vu = try scanner.number()
        }
      } catch {
        throw attribute(error, member)
      }
    }
    return report
  }

  mutating func decodeTOFF() throws(GPSDDecodingError) -> TimeOffsetReport {
    var report = TimeOffsetReport()
    while let member = try nextMember(TimeOffsetMember.table) {
      do {
        switch member {
        case .device: report.device = try scanner.string()
        case .realSec: report.realSec = try scanner.integer()
        case .realNsec: report.realNsec = try scanner.integer()
        case .clockSec: report.clockSec = try scanner.integer()
        case .clockNsec: report.clockNsec = try scanner.integer()
        case .precision: report.precision = try scanner.int()
        case .class, .qErr: try scanner.skipValue()
        }
      } catch {
        throw attribute(error, member)
      }
    }
    return report
  }

  mutating func decodePPS() throws(GPSDDecodingError) -> PPSReport {
    var report = PPSReport()
    while let member = try nextMember(TimeOffsetMember.table) {
      do {
        switch member {
        case .class: try scanner.skipValue()
        case .device: report.device = try scanner.string()
        case .realSec: report.realSec = try scanner.integer()
        case .realNsec: report.realNsec = try scanner.integer()
        case .clockSec: report.clockSec = try scanner.integer()
        case .clockNsec: report.clockNsec = try scanner.integer()
        case .precision: report.precision = try scanner.int()
        case .qErr: report.qErr = try scanner.integer()
        }
      } catch {
        throw attribute(error, member)
      }
    }
    return report
  }
}
