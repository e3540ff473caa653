enum ATTMember: String, CaseIterable {
  case `class`, device, time, heading
  case magSt = "mag_st"
  case pitch
  case pitchSt = "pitch_st"
  case yaw
  case yawSt = "yaw_st"
  case roll
  case rollSt = "roll_st"
  case dip
  case magLen = "mag_len"
  case magX = "mag_x"
  case magY = "mag_y"
  case magZ = "mag_z"
  case accLen = "acc_len"
  case accX = "acc_x"
  case accY = "acc_y"
  case accZ = "acc_z"
  case gyroX = "gyro_x"
  case gyroY = "gyro_y"
  case depth, temp
  static let table = MemberTable<ATTMember>()
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
        case .magSt: report.magSt = try scanner.string()
        case .pitch: report.pitch = try scanner.number()
        case .pitchSt: report.pitchSt = try scanner.string()
        case .yaw: report.yaw = try scanner.number()
        case .yawSt: report.yawSt = try scanner.string()
        case .roll: report.roll = try scanner.number()
        case .rollSt: report.rollSt = try scanner.string()
        case .dip: report.dip = try scanner.number()
        case .magLen: report.magLen = try scanner.number()
        case .magX: report.magX = try scanner.number()
        case .magY: report.magY = try scanner.number()
        case .magZ: report.magZ = try scanner.number()
        case .accLen: report.accLen = try scanner.number()
        case .accX: report.accX = try scanner.number()
        case .accY: report.accY = try scanner.number()
        case .accZ: report.accZ = try scanner.number()
        case .gyroX: report.gyroX = try scanner.number()
        case .gyroY: report.gyroY = try scanner.number()
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
