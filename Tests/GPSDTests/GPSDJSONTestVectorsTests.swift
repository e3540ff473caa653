import GPSD
import Testing

/// The report vectors of gpsd's own `tests/test_json.c` (gpsd project, BSD-2-Clause; the cases
/// that go through `libgps_json_unpack`, and the `json_read_object` ones whose input is a gpsd
/// report), with gpsd's expected values. Case numbers are test_json.c's.
@Suite struct GPSDJSONTestVectorsTests {
  func decode(_ line: String) throws -> GPSDReport { try GPSDReport.decode(line) }

  @Test("case 1: TPV") func case1TPV() throws {
    let line =
      #"{"class":"TPV","device":"GPS#1","time":"2005-06-19T08:12:41.89Z","lon":46.498203637,"#
      + #""lat":7.568074350,"altHAE":1327.780,"epx":21.000,"epy":23.000,"epv":124.484,"mode":3}"#
    guard case .tpv(let tpv) = try decode(line) else { throw Unexpected.report }
    #expect(tpv.device == "GPS#1")
    #expect(tpv.mode == .threeDimensional)
    #expect(tpv.time == GPSDTimestamp(seconds: 1_119_168_761, nanoseconds: 890_000_000))
    #expect(tpv.lat == 7.568074350)
    #expect(tpv.lon == 46.498203637)
    #expect(tpv.altHAE == 1327.780)
    #expect(tpv.epx == 21.000)
    #expect(tpv.epy == 23.000)
    #expect(tpv.epv == 124.484)
  }

  @Test("case 2: SKY, last satellite's members in reverse order") func case2SKY() throws {
    let line =
      #"{"class":"SKY",         "time":"2005-06-19T12:12:42.03Z",            "satellites":["#
      + #"{"PRN":10,"el":45,"az":196,"ss":34,"used":true},"#
      + #"{"PRN":29,"el":67,"az":310,"ss":40,"used":true},"#
      + #"{"PRN":28,"el":59,"az":108,"ss":42,"used":true},"#
      + #"{"PRN":26,"el":51,"az":304,"ss":43,"used":true},"#
      + #"{"PRN":8,"el":44,"az":58,"ss":41,"used":true},"#
      + #"{"PRN":27,"el":16,"az":66,"ss":39,"used":true},"#
      + #"{"az":301,"el":10,"PRN":21,"used":false,"ss":0}]}"#
    guard case .sky(let sky) = try decode(line) else { throw Unexpected.report }
    #expect(sky.satellites.count == 7)
    #expect(sky.satellites[0].prn == 10)
    #expect(sky.satellites[0].el == 45)
    #expect(sky.satellites[0].az == 196)
    #expect(sky.satellites[0].ss == 34)
    #expect(sky.satellites[0].used)
    let last = sky.satellites[6]
    #expect(last.prn == 21 && last.el == 10 && last.az == 301 && last.ss == 0 && !last.used)
  }

  @Test("case 5: DEVICE") func case5Device() throws {
    let line =
      #"{"class":"DEVICE",           "path":"/dev/ttyUSB0",           "flags":5,"#
      + #"           "driver":"Foonly","subtype":"Foonly Frob"           }"#
    guard case .device(let device) = try decode(line) else { throw Unexpected.report }
    #expect(device.path == "/dev/ttyUSB0")
    #expect(device.flags == 5)
    #expect(device.driver == "Foonly")
    #expect(device.subtype == "Foonly Frob")
  }

  @Test("cases 7 and 18: VERSION") func case7Version() throws {
    let line =
      #"{"class":"VERSION","release":"3.22","rev":"dummy-revision","proto_major":3,"proto_minor":1}"#
    #expect(
      try decode(line)
        == .version(
          VersionReport(release: "3.22", rev: "dummy-revision", protoMajor: 3, protoMinor: 1)))
  }

  @Test("case 10: PPS") func case10PPS() throws {
    let line =
      #"{"class":"PPS","device":"GPS#1","real_sec":1428001514, "real_nsec":1000000,"#
      + #""clock_sec":1428001513,"clock_nsec":999999999,"precision":-20,"qErr":-123456}"#
    guard case .pps(let pps) = try decode(line) else { throw Unexpected.report }
    #expect(pps.device == "GPS#1")
    #expect(pps.realSec == 1_428_001_514 && pps.realNsec == 1_000_000)
    #expect(pps.clockSec == 1_428_001_513 && pps.clockNsec == 999_999_999)
    #expect(pps.precision == -20)
    #expect(pps.qErr == -123_456)
  }

  @Test("case 11: TOFF") func case11TOFF() throws {
    let line =
      #"{"class":"TOFF","device":"GPS#1","real_sec":1428001514, "real_nsec":1000000,"#
      + #""clock_sec":1428001513,"clock_nsec":999999999}"#
    guard case .toff(let toff) = try decode(line) else { throw Unexpected.report }
    #expect(toff.device == "GPS#1")
    #expect(toff.realSec == 1_428_001_514 && toff.realNsec == 1_000_000)
    #expect(toff.clockSec == 1_428_001_513 && toff.clockNsec == 999_999_999)
  }

  @Test("case 12: OSC, a class this module does not model") func case12OSC() throws {
    let line =
      #"{"class":"OSC","device":"GPS#1","running":true,"reference":true,"disciplined":false,"#
      + #""delta":67}"#
    #expect(try decode(line) == .unknown(class: "OSC"))
  }

  @Test("case 13: ERROR with raw control characters in the message") func case13Error() throws {
    let line = "{\"class\":\"ERROR\",\"message\":\"Hello\u{8}\u{C}\n\r\t\"}"
    #expect(try decode(line) == .error(message: "Hello\u{8}\u{C}\n\r\t"))
  }

  @Test("case 14: ERROR with a \\u escape") func case14UnicodeEscape() throws {
    #expect(try decode(#"{"class":"ERROR","message":"0\u00334"}"#) == .error(message: "034"))
  }

  @Test("case 19: WATCH") func case19Watch() throws {
    let line =
      #"{"class":"WATCH","enable":true,"json":true,"nmea":false,"raw":0,"scaled":false,"#
      + #""timing":false,"split24":false,"pps":false,"device":"/dev/ttyUSB0"}"#
    guard case .watch(let watch) = try decode(line) else { throw Unexpected.report }
    #expect(watch.enable == true && watch.json == true && watch.nmea == false)
    #expect(watch.raw == 0 && watch.device == "/dev/ttyUSB0")
  }

  @Test("case 20: TPV with every member") func case20TPV() throws {
    let line =
      #"{"class":"TPV","device":"/dev/ttyUSB0","mode":3,"time":"2019-10-04T08:51:34.000Z","#
      + #""ept":0.005,"lat":46.367303831,"lon":-116.963791235,"altHAE":460.834,"altMSL":476.140,"#
      + #""epx":7.842,"epy":12.231,"epv":30.607,"track":57.1020,"magtrack":70.9299,"magvar":13.8,"#
      + #""speed":0.065,"climb":-0.206,"eps":24.46,"epc":61.21,"ecefx":-1999242.00,"#
      + #""ecefy":-3929871.00,"ecefz":4593848.00,"ecefvx":0.12,"ecefvy":0.12,"ecefvz":-0.12,"#
      + #""velN":0.035,"velE":0.055,"velD":0.206,"geoidSep":-15.307,"eph":15.200,"sep":31.273}"#
    guard case .tpv(let tpv) = try decode(line) else { throw Unexpected.report }
    #expect(tpv.mode == .threeDimensional)
    #expect(tpv.time?.description == "2019-10-04T08:51:34.000Z")
    #expect(tpv.ept == 0.005)
    #expect(tpv.lat == 46.367303831 && tpv.lon == -116.963791235)
    #expect(tpv.magtrack == 70.9299 && tpv.velD == 0.206 && tpv.sep == 31.273)
  }

  @Test(
    "cases 25-31: a class name is matched whole, never by prefix",
    arguments: ["", "f", "fo", "foo", "foob", "fooba", "TP", "TPVX"])
  func case25ClassPrefixes(name: String) throws {
    #expect(try decode(#"{"class":"\#(name)","mode":-1}"#) == .unknown(class: name))
  }

  @Test("case 31: class TPV") func case31TPV() throws {
    guard case .tpv(let tpv) = try decode(#"{"class":"TPV","mode":3}"#) else {
      throw Unexpected.report
    }
    #expect(tpv.mode == .threeDimensional)
  }

  @Test("case 32: a whitespace-only line (C isspace, with \\f and \\v) is empty")
  func case32WhitespaceOnly() {
    #expect(throws: GPSDDecodingError.emptyLine) { try decode("\u{C}\n\r\t\u{B}") }
  }

  @Test(
    "cases 33-37: exponents beyond Double overflow to ±infinity and underflow to ±0 (safe_atof)",
    arguments: [
      ("2e512", Double.infinity), ("-2e512", -Double.infinity), ("2e-512", 0.0), ("-2e-512", -0.0),
    ])
  func case33Exponents(text: String, expected: Double) throws {
    guard case .tpv(let tpv) = try decode(#"{"class":"TPV","mode":3,"lat":\#(text)}"#) else {
      throw Unexpected.report
    }
    #expect(tpv.lat == expected)
    #expect(tpv.lat?.sign == expected.sign)
  }

  @Test("cases 38-39: arrays in an unmodelled class are skipped, ] inside strings included")
  func case38IgnoredArrays() throws {
    for constellations in [#"["GPS","GLONASS"]"#, #"["GPS","GL]ONASS"]"#] {
      let line = #"{"class":"RTCM3","constellations":\#(constellations),"mode":3}"#
      #expect(try decode(line) == .unknown(class: "RTCM3"))
    }
  }

  @Test("cases 40-41: DEVICE activated as integer and real seconds")
  func case40Activated() throws {
    for (text, seconds, nanoseconds) in [("9", 9, 0), ("13.14", 13, 140_000_000)] {
      let line = #"{"class":"DEVICE","path":"/dev/ttyUSB0","activated":\#(text)}"#
      guard case .device(let device) = try decode(line) else { throw Unexpected.report }
      #expect(
        device.activated
          == GPSDTimestamp(seconds: Int64(seconds), nanoseconds: Int32(nanoseconds)))
    }
  }

  // Beyond test_json.c: JSON escapes where gpsd itself never writes them.

  @Test func escapedClassNameIsRecognised() throws {
    guard case .tpv(let tpv) = try decode(#"{"class":"T\u0050V","mode":2}"#) else {
      throw Unexpected.report
    }
    #expect(tpv.mode == .twoDimensional)
  }

  @Test func loneSurrogatesBecomeReplacementCharacters() throws {
    #expect(try decode(#"{"class":"ERROR","message":"a\ud83db"}"#) == .error(message: "a\u{FFFD}b"))
    #expect(try decode(#"{"class":"ERROR","message":"a\ud83d"}"#) == .error(message: "a\u{FFFD}"))
    #expect(try decode(#"{"class":"ERROR","message":"\ude00x"}"#) == .error(message: "\u{FFFD}x"))
    #expect(
      try decode(#"{"class":"ERROR","message":"\ud83d\ud83d\ude00"}"#)
        == .error(message: "\u{FFFD}😀"))
  }

  @Test func attMagneticFieldLength() throws {
    let line = #"{"class":"ATT","device":"/dev/ttyUSB0","mag_len":48.5,"mag_x":1.5,"acc_len":1.0}"#
    guard case .att(let att) = try decode(line) else { throw Unexpected.report }
    #expect(att.magLen == 48.5)
    #expect(att.magX == 1.5)
    #expect(att.accLen == 1.0)
  }

  enum Unexpected: Error { case report }
}
