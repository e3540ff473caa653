enum SKYMember: String, CaseIterable {
  case `class`, device, time, xdop, ydop, vdop, tdop, hdop, gdop, pdop, nSat, uSat, satellites
  static let table = MemberTable<SKYMember>()
}

enum SatelliteMember: String, CaseIterable {
  case prn = "PRN"
  case az, el, ss, used, gnssid, svid, sigid, freqid, health
  static let table = MemberTable<SatelliteMember>()
}

extension ObjectReader {
  mutating func decodeSKY() throws(GPSDDecodingError) -> SKYReport {
    var report = SKYReport()
    while let member = try nextMember(SKYMember.table) {
      do {
        switch member {
        case .class: try scanner.skipValue()
        case .device: report.device = try scanner.string()
        case .time: report.time = try scanner.timestamp()
        case .xdop: report.xdop = try scanner.number()
        case .ydop: report.ydop = try scanner.number()
        case .vdop: report.vdop = try scanner.number()
        case .tdop: report.tdop = try scanner.number()
        case .hdop: report.hdop = try scanner.number()
        case .gdop: report.gdop = try scanner.number()
        case .pdop: report.pdop = try scanner.number()
        case .nSat: report.nSat = try scanner.int()
        case .uSat: report.uSat = try scanner.int()
        case .satellites: report.satellites = try satellites()
        }
      } catch {
        throw attribute(error, member)
      }
    }
    return report
  }

  private mutating func satellites() throws(GPSDDecodingError) -> [GPSDSatellite] {
    var result: [GPSDSatellite] = []
    if try scanner.consumeNull() { return result }
    try scanner.beginArray()
    var first = true
    while try scanner.nextElement(first: &first) {
      var reader = try nested(className: "SKY")
      result.append(try reader.decodeSatellite())
      scanner = reader.scanner
    }
    return result
  }

  mutating func decodeSatellite() throws(GPSDDecodingError) -> GPSDSatellite {
    var prn: Int?
    var used: Bool?
    var satellite = GPSDSatellite(prn: 0, used: false)
    while let member = try nextMember(SatelliteMember.table) {
      do {
        switch member {
        case .prn: prn = try scanner.int()
        case .az: satellite.az = try scanner.number()
        case .el: satellite.el = try scanner.number()
        case .ss: satellite.ss = try scanner.number()
        case .used: used = try scanner.bool()
        case .gnssid: satellite.gnssid = try scanner.int()
        case .svid: satellite.svid = try scanner.int()
        case .sigid: satellite.sigid = try scanner.int()
        case .freqid: satellite.freqid = try scanner.int()
        case .health: satellite.health = try scanner.int()
        }
      } catch {
        throw attribute(error, "satellites.\(member)")
      }
    }
    guard let prn else { throw missing("satellites.PRN") }
    guard let used else { throw missing("satellites.used") }
    satellite.prn = prn
    satellite.used = used
    return satellite
  }
}
