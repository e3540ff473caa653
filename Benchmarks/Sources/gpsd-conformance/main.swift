// gpsd-conformance: decodes JSON lines with GPSD.GPSDReport.decode and prints one canonical line per input
// line, in exactly the format of Benchmarks/scripts/libgps_dump.c (libgps's gps_unpack), so that
// Benchmarks/scripts/gpsd-regression-vs-libgps.sh can compare the two decoders value by value.
//
// usage: gpsd-conformance FILE.jsonl
// Absent members print as libgps leaves them: NaN for reals, 0 for mode/status/time/gnssid/svid, -1 for
// dgpsSta, '-' for ATT status letters.

import Foundation
import GPSD

var output = ""

@MainActor func real(_ name: String, _ value: Double?) {
  output += " \(name)=" + String(format: "%.17g", value ?? .nan)
}
@MainActor func integer(_ name: String, _ value: Int?) { output += " \(name)=\(value ?? 0)" }
@MainActor func stamp(_ name: String, _ value: GPSDTimestamp?) {
  output +=
    " \(name)=\(value?.seconds ?? 0)." + String(format: "%09d", Int(value?.nanoseconds ?? 0))
}
@MainActor func letter(_ name: String, _ value: String?) {
  output += " \(name)=\(value?.first ?? "-")"
}

@MainActor func tpv(_ t: TPVReport) {
  integer("mode", t.mode.rawValue)
  integer("status", t.status?.rawValue)
  stamp("time", t.time)
  real("lat", t.lat)
  real("lon", t.lon)
  real("altHAE", t.altHAE)
  real("altMSL", t.altMSL)
  for (name, value) in [
    ("eph", t.eph), ("epx", t.epx), ("epy", t.epy), ("epv", t.epv), ("ept", t.ept), ("eps", t.eps),
    ("epc", t.epc), ("epd", t.epd), ("track", t.track), ("magtrack", t.magtrack),
    ("magvar", t.magvar), ("speed", t.speed), ("climb", t.climb), ("geoidSep", t.geoidSep),
    ("sep", t.sep), ("depth", t.depth), ("dgpsAge", t.dgpsAge),
  ] {
    real(name, value)
  }
  integer("dgpsSta", t.dgpsSta ?? -1)
  for (name, value) in [
    ("ecefx", t.ecefx), ("ecefy", t.ecefy), ("ecefz", t.ecefz), ("ecefpAcc", t.ecefpAcc),
    ("ecefvx", t.ecefvx), ("ecefvy", t.ecefvy), ("ecefvz", t.ecefvz), ("ecefvAcc", t.ecefvAcc),
    ("velN", t.velN), ("velE", t.velE), ("velD", t.velD),
  ] {
    real(name, value)
  }
}

@MainActor func sky(_ s: SKYReport) {
  for (name, value) in [
    ("xdop", s.xdop), ("ydop", s.ydop), ("vdop", s.vdop), ("tdop", s.tdop), ("hdop", s.hdop),
    ("gdop", s.gdop), ("pdop", s.pdop),
  ] {
    real(name, value)
  }
  integer("satellites", s.satellites.count)
  for sat in s.satellites {
    integer("PRN", sat.prn)
    real("el", sat.el)
    real("az", sat.az)
    real("ss", sat.ss)
    integer("used", sat.used ? 1 : 0)
    integer("gnssid", sat.gnssid)
    integer("svid", sat.svid)
  }
}

@MainActor func gst(_ g: GSTReport) {
  stamp("time", g.time)
  for (name, value) in [
    ("rms", g.rms), ("major", g.major), ("minor", g.minor), ("orient", g.orient), ("lat", g.lat),
    ("lon", g.lon), ("alt", g.alt),
  ] {
    real(name, value)
  }
}

@MainActor func att(_ a: ATTReport) {
  stamp("time", a.time)
  real("heading", a.heading)
  letter("mag_st", a.magSt)
  real("pitch", a.pitch)
  letter("pitch_st", a.pitchSt)
  real("yaw", a.yaw)
  letter("yaw_st", a.yawSt)
  real("roll", a.roll)
  letter("roll_st", a.rollSt)
  for (name, value) in [
    ("dip", a.dip), ("mag_len", a.magLen), ("mag_x", a.magX), ("mag_y", a.magY), ("mag_z", a.magZ),
    ("acc_len", a.accLen), ("acc_x", a.accX), ("acc_y", a.accY), ("acc_z", a.accZ),
    ("gyro_x", a.gyroX), ("gyro_y", a.gyroY), ("depth", a.depth), ("temp", a.temp),
  ] {
    real(name, value)
  }
}

guard CommandLine.arguments.count == 2,
  let data = FileManager.default.contents(atPath: CommandLine.arguments[1])
else {
  FileHandle.standardError.write(Data("usage: gpsd-conformance FILE.jsonl\n".utf8))
  exit(2)
}
for line in Array(data).split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
  .dropLast(data.last == UInt8(ascii: "\n") ? 1 : 0)
{
  var bytes = Array(line)
  if bytes.last == UInt8(ascii: "\r") { bytes.removeLast() }
  output = ""
  switch Result(catching: { () throws(GPSDDecodingError) in try GPSDReport.decode(bytes) }) {
  case .failure(let error): output = "? \(error)"
  case .success(.tpv(let t)):
    output = "TPV"
    tpv(t)
  case .success(.sky(let s)):
    output = "SKY"
    sky(s)
  case .success(.gst(let g)):
    output = "GST"
    gst(g)
  case .success(.att(let a)):
    output = "ATT"
    att(a)
  case .success(.unknown(let name)): output = name
  case .success(let other): output = "\(other)"
  }
  print(output)
}
