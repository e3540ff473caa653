/// The members of a TPV object, named exactly as gpsd_json(5) names them.
enum TPVMember: String, CaseIterable {
  case `class`, device, status, mode, time, altHAE, altMSL, alt, climb, datum, depth, dgpsAge,
    dgpsSta
  case epc, epd, eph, eps, ept, epx, epy, epv, geoidSep, lat, leapseconds, lon, track, magtrack,
    magvar
  case speed, ecefx, ecefy, ecefz, ecefpAcc, ecefvx, ecefvy, ecefvz, ecefvAcc, sep, relD, relE, relN
  case velD, velE, velN, wanglem, wangler, wanglet, wspeedr, wspeedt

  static let table = MemberTable<TPVMember>()
}

extension ObjectReader {
  mutating func decodeTPV() throws(GPSDDecodingError) -> TPVReport {
    var report = TPVReport()
    var mode: GPSDFixMode?
    while let member = try nextMember(TPVMember.table) {
      do {
        switch member {
        case .class: try scanner.skipValue()
        case .device: report.device = try scanner.string()
        case .status: report.status = try scanner.int().map(GPSDFixStatus.init(rawValue:))
        case .mode: mode = try fixMode()
        case .time: report.time = try scanner.timestamp()
        case .altHAE: report.altHAE = try scanner.number()
        case .altMSL: report.altMSL = try scanner.number()
        case .alt: report.alt = try scanner.number()
        case .climb: report.climb = try scanner.number()
        case .datum: report.datum = try scanner.string()
        case .depth: report.depth = try scanner.number()
        case .dgpsAge: report.dgpsAge = try scanner.number()
        case .dgpsSta: report.dgpsSta = try scanner.int()
        case .epc: report.epc = try scanner.number()
        case .epd: report.epd = try scanner.number()
        case .eph: report.eph = try scanner.number()
        case .eps: report.eps = try scanner.number()
        case .ept: report.ept = try scanner.number()
        case .epx: report.epx = try scanner.number()
        case .epy: report.epy = try scanner.number()
        case .epv: report.epv = try scanner.number()
        case .geoidSep: report.geoidSep = try scanner.number()
        case .lat: report.lat = try scanner.number()
        case .leapseconds: report.leapseconds = try scanner.int()
        case .lon: report.lon = try scanner.number()
        case .track: report.track = try scanner.number()
        case .magtrack: report.magtrack = try scanner.number()
        case .magvar: report.magvar = try scanner.number()
        case .speed: report.speed = try scanner.number()
        default: try decodeTPVVectors(member, into: &report)
        }
      } catch {
        throw attribute(error, member)
      }
    }
    guard let mode else { throw missing("mode") }
    report.mode = mode
    return report
  }

  /// ECEF, NED, RTK baseline and wind members: split out to keep each function short.
  private mutating func decodeTPVVectors(
    _ member: TPVMember, into report: inout TPVReport
  ) throws(GPSDDecodingError) {
    switch member {
    case .ecefx: report.ecefx = try scanner.number()
    case .ecefy: report.ecefy = try scanner.number()
    case .ecefz: report.ecefz = try scanner.number()
    case .ecefpAcc: report.ecefpAcc = try scanner.number()
    case .ecefvx: report.ecefvx = try scanner.number()
    case .ecefvy: report.ecefvy = try scanner.number()
    case .ecefvz: report.ecefvz = try scanner.number()
    case .ecefvAcc: report.ecefvAcc = try scanner.number()
    case .sep: report.sep = try scanner.number()
    case .relD: report.relD = try scanner.number()
    case .relE: report.relE = try scanner.number()
    case .relN: report.relN = try scanner.number()
    case .velD: report.velD = try scanner.number()
    case .velE: report.velE = try scanner.number()
    case .velN: report.velN = try scanner.number()
    case .wanglem: report.wanglem = try scanner.number()
    case .wangler: report.wangler = try scanner.number()
    case .wanglet: report.wanglet = try scanner.number()
    case .wspeedr: report.wspeedr = try scanner.number()
    case .wspeedt: report.wspeedt = try scanner.number()
    default: try scanner.skipValue()
    }
  }

  private mutating func fixMode() throws(GPSDDecodingError) -> GPSDFixMode? {
    let start = scanner.position
    guard let raw = try scanner.int() else { return nil }
    guard let mode = GPSDFixMode(rawValue: raw) else {
      throw .invalidMember(
        class: "", member: "", offset: start, reason: "mode \(raw) is not 0, 1, 2 or 3")
    }
    return mode
  }
}
