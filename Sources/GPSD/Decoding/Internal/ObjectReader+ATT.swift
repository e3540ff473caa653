enum ATTMember: Int, CaseIterable {
  case `class`, device, time, heading, mag_st, pitch, pitch_st, yaw, yaw_st, roll, roll_st, dip, mag_len
  case mag_x, mag_y, mag_z, acc_len, acc_x, acc_y, acc_z, gyro_x, gyro_y, depth, temp
  static let table = MemberTable<ATTMember>(names: allCases.map { "\($0)" })
}

extension ObjectReader {
  mutating func decodeATT() throws(GPSDDecodingError) -> ATTReport {
    var report = ATTReport()
    while let member = try nextMember(ATTMember.table) {
      do {
        switch member {
        case .class: try scanner.skipValue()
        case .device: report.device = try scanner.string()
        case .time: report.time = try scanner.timestamp()
        case .heading: report.heading = try scanner.number()
        case .mag_st: report.mag_st = try scanner.string()
        case .pitch: report.pitch = try scanner.number()
        case .pitch_st: report.pitch_st = try scanner.string()
        case .yaw: report.yaw = try scanner.number()
        case .yaw_st: report.yaw_st = try scanner.string()
        case .roll: report.roll = try scanner.number()
        case .roll_st: report.roll_st = try scanner.string()
        case .dip: report.dip = try scanner.number()
        case .mag_len: report.mag_len = try scanner.number()
        case .mag_x: report.mag_x = try scanner.number()
        case .mag_y: report.mag_y = try scanner.number()
        case .mag_z: report.mag_z = try scanner.number()
        case .acc_len: report.acc_len = try scanner.number()
        case .acc_x: report.acc_x = try scanner.number()
        case .acc_y: report.acc_y = try scanner.number()
        case .acc_z: report.acc_z = try scanner.number()
        case .gyro_x: report.gyro_x = try scanner.number()
        case .gyro_y: report.gyro_y = try scanner.number()
        case .depth: report.depth = try scanner.number()
        case .temp: report.temp = try scanner.number()
        }
      } catch {
        throw attribute(error, member)
      }
    }
    return report
  }
}
