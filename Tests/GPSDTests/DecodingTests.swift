import GPSD
import Testing

/// How a client reads gpsd's reports, one line at a time, with lines gpsd 3.22 really sent.
@Suite struct DecodingTests {
  @Test func versionBanner() throws {
    let report = try GPSDReport.decode(
      #"{"class":"VERSION","release":"3.22","rev":"3.22","proto_major":3,"proto_minor":14}"#)
    #expect(
      report
        == .version(VersionReport(release: "3.22", rev: "3.22", protoMajor: 3, protoMinor: 14)))
  }

  @Test func tpvWithAnRTKFix() throws {
    let line =
      #"{"class":"TPV","device":"/dev/pts/1","status":2,"mode":3,"time":"2020-03-18T13:28:19.600Z","ept":0.005,"#
      + #""lat":41.574965910,"lon":-93.750571901,"altHAE":246.7190,"altMSL":278.1610,"alt":278.1610,"#
      + #""track":124.8880,"magtrack":136.4865,"magvar":11.6,"speed":0.076,"geoidSep":-31.442,"eph":4.275,"#
      + #""dgpsAge":6.6,"dgpsSta":133}"#
    guard case .tpv(let tpv) = try GPSDReport.decode(line) else {
      Issue.record("expected a TPV report")
      return
    }
    #expect(tpv.device == "/dev/pts/1")
    #expect(tpv.status == .dgps)
    #expect(tpv.mode == .threeDimensional)
    #expect(tpv.time?.description == "2020-03-18T13:28:19.600Z")
    #expect(tpv.time == GPSDTimestamp(seconds: 1_584_538_099, nanoseconds: 600_000_000))
    #expect(tpv.lat == 41.574965910)
    #expect(tpv.lon == -93.750571901)
    #expect(tpv.altHAE == 246.7190)
    #expect(tpv.altMSL == 278.1610)
    #expect(tpv.geoidSep == -31.442)
    #expect(tpv.dgpsAge == 6.6)
    #expect(tpv.dgpsSta == 133)
    #expect(tpv.ept == 0.005)
  }

  @Test func absentMembersStayAbsentNeverZero() throws {
    guard
      case .tpv(let tpv) = try GPSDReport.decode(#"{"class":"TPV","device":"/dev/pts/1","mode":1}"#)
    else {
      Issue.record("expected a TPV report")
      return
    }
    #expect(tpv.mode == .noFix)
    #expect(!tpv.mode.hasFix)
    #expect(
      tpv.lat == nil && tpv.lon == nil && tpv.time == nil && tpv.speed == nil && tpv.status == nil)
    #expect(
      tpv
        == {
          var expected = TPVReport(mode: .noFix)
          expected.device = "/dev/pts/1"
          return expected
        }())
  }

  @Test func skyWithSatellites() throws {
    let line =
      #"{"class":"SKY","device":"/dev/pts/1","xdop":0.73,"hdop":0.64,"nSat":2,"uSat":1,"satellites":["#
      + #"{"PRN":5,"el":6.0,"az":110.0,"ss":19.0,"used":false,"gnssid":0,"svid":5},"#
      + #"{"PRN":73,"el":24.0,"az":284.0,"ss":34.0,"used":true,"gnssid":6,"svid":9,"sigid":0}]}"#
    guard case .sky(let sky) = try GPSDReport.decode(line) else {
      Issue.record("expected a SKY report")
      return
    }
    #expect(sky.hdop == 0.64 && sky.xdop == 0.73 && sky.vdop == nil)
    #expect(sky.nSat == 2 && sky.uSat == 1)
    #expect(sky.satellites.map(\.prn) == [5, 73])
    #expect(sky.satellites[1].used && !sky.satellites[0].used)
    #expect(
      sky.satellites[1].gnssid == 6 && sky.satellites[1].svid == 9 && sky.satellites[1].sigid == 0)
    #expect(sky.satellites[0].sigid == nil)
  }

  @Test func deviceDeactivationIsSurfaced() throws {
    let gone = try GPSDReport.decode(#"{"class":"DEVICE","path":"/dev/pts/1","activated":0}"#)
    guard case .device(let device) = gone else {
      Issue.record("expected a DEVICE report")
      return
    }
    #expect(device.isDeactivated && device.activated == nil && device.path == "/dev/pts/1")

    let active = try GPSDReport.decode(
      #"{"class":"DEVICE","path":"/dev/pts/1","driver":"NMEA0183","activated":"2026-11-22T12:24:10.466Z","#
        + #""native":0,"bps":4800,"parity":"N","stopbits":1,"cycle":1.00}"#)
    guard case .device(let device) = active else {
      Issue.record("expected a DEVICE report")
      return
    }
    #expect(!device.isDeactivated)
    #expect(device.activated?.description == "2026-11-22T12:24:10.466Z")
    #expect(
      device.driver == "NMEA0183" && device.bps == 4800 && device.stopbits == 1
        && device.cycle == 1.0)
  }

  @Test func devicesListAndWatchReply() throws {
    #expect(try GPSDReport.decode(#"{"class":"DEVICES","devices":[]}"#) == .devices([]))
    let watch = try GPSDReport.decode(
      #"{"class":"WATCH","enable":true,"json":true,"nmea":false,"raw":0,"scaled":false,"timing":false,"#
        + #""split24":false,"pps":false}"#)
    guard case .watch(let policy) = watch else {
      Issue.record("expected a WATCH report")
      return
    }
    #expect(policy.enable == true && policy.json == true && policy.raw == 0 && policy.device == nil)
  }

  @Test func gstAttToffPpsAndError() throws {
    guard
      case .gst(let gst) = try GPSDReport.decode(
        #"{"class":"GST","device":"/dev/pts/1","time":"2019-04-12T00:39:58.000Z","rms":43.000,"lat":2.300,"#
          + #""lon":3.500,"alt":4.000}"#)
    else {
      Issue.record("expected a GST report")
      return
    }
    #expect(gst.rms == 43 && gst.lat == 2.3 && gst.lon == 3.5 && gst.alt == 4 && gst.major == nil)

    guard
      case .att(let att) = try GPSDReport.decode(
        #"{"class":"ATT","device":"/dev/ttyUSB0","time":1270938096.843,"heading":14223.00,"mag_st":"N","#
          + #""pitch":169.00,"roll":-43.00}"#)
    else {
      Issue.record("expected an ATT report")
      return
    }
    #expect(att.heading == 14223 && att.magSt == "N" && att.roll == -43 && att.yaw == nil)
    #expect(att.time == GPSDTimestamp(seconds: 1_270_938_096, nanoseconds: 843_000_000))

    guard
      case .toff(let toff) = try GPSDReport.decode(
        #"{"class":"TOFF","device":"/dev/ttyUSB0","real_sec":1330212592,"real_nsec":343182,"#
          + #""clock_sec":1330212592,"clock_nsec":343184,"precision":-2}"#)
    else {
      Issue.record("expected a TOFF report")
      return
    }
    #expect(toff.realSec == 1_330_212_592 && toff.clockNsec == 343_184 && toff.precision == -2)

    guard
      case .pps(let pps) = try GPSDReport.decode(
        #"{"class":"PPS","device":"/dev/ttyUSB0","real_sec":1330212592,"real_nsec":0,"#
          + #""clock_sec":1330212592,"clock_nsec":343184,"precision":-20,"qErr":-1234}"#)
    else {
      Issue.record("expected a PPS report")
      return
    }
    #expect(pps.realNsec == 0 && pps.qErr == -1234 && pps.precision == -20)

    #expect(
      try GPSDReport.decode(#"{"class":"ERROR","message":"Unrecognized request '?FOO'"}"#)
        == .error(message: "Unrecognized request '?FOO'"))
  }

  @Test func unknownClassesAndMembersArePassedOver() throws {
    #expect(
      try GPSDReport.decode(#"{"class":"AIS","type":1,"nested":{"a":[1,2,{"b":null}]}}"#)
        == .unknown(class: "AIS"))
    let report = try GPSDReport.decode(
      #"{"class":"TPV","future":{"x":[1,2,3]},"mode":2,"lat":1.5,"lon":2.5,"newField":"text"}"#)
    guard case .tpv(let tpv) = report else {
      Issue.record("expected a TPV report")
      return
    }
    #expect(tpv.mode == .twoDimensional && tpv.lat == 1.5 && tpv.lon == 2.5)
  }

  @Test func classNeedNotComeFirstAndWhitespaceAndCRLFAreAllowed() throws {
    let report = try GPSDReport.decode(
      " { \"mode\" : 3 , \"lat\" : -0.5e1 , \"class\" : \"TPV\" }\r\n")
    guard case .tpv(let tpv) = report else {
      Issue.record("expected a TPV report")
      return
    }
    #expect(tpv.mode == .threeDimensional && tpv.lat == -5)
  }

  @Test func nullReadsAsAbsentAndEscapesAreDecoded() throws {
    guard
      case .tpv(let tpv) = try GPSDReport.decode(
        #"{"class":"TPV","mode":3,"lat":null,"device":"\/dev\/gps\u00e9"}"#)
    else {
      Issue.record("expected a TPV report")
      return
    }
    #expect(tpv.lat == nil)
    #expect(tpv.device == "/dev/gpsé")
  }

  @Test func decodesFromBytesAndSlices() throws {
    let bytes = Array(#"xx{"class":"TPV","mode":1}yy"#.utf8)
    #expect(try GPSDReport.decode(bytes[2..<(bytes.count - 2)]) == .tpv(TPVReport(mode: .noFix)))
  }
}
