import Foundation
import GPSD
import SensorsTestSupport
import Testing

/// Real gpsd (under gpsfake) replays real receiver logs; every fix it reports reaches the client intact.
@Suite(
  .tags(.integration), .serialized, .enabled(if: Gpsfake.isInstalled, "\(Gpsfake.skipMessage)"))
struct GpsfakeReplayTests {
  static let logs = [
    "garmin-10x", "haicom-305N", "myguide-3100", "nmea-rtk", "skytraq", "triton400",
    "ublox-zed-f9p-nmea",
  ]

  /// TPVs with a fix from the capture of gpsd 3.22 replaying the same log, device path removed (it varies).
  static func expectedFixes(_ log: String) throws -> [TPVReport] {
    let url = try #require(
      Bundle.module.url(
        forResource: log + ".gpsd-3.22", withExtension: "jsonl", subdirectory: "Fixtures"))
    return try String(contentsOf: url, encoding: .utf8).split(whereSeparator: \.isNewline)
      .compactMap { line in
        guard case .tpv(var tpv) = try GPSDReport.decode(String(line)), tpv.mode.hasFix else {
          return nil
        }
        tpv.device = nil
        return tpv
      }
  }

  /// One replay of `log` by real gpsd, read by a connection that ends when gpsd exits.
  func replay(_ log: String) async throws -> [GPSDConnection.Event] {
    let gpsd = try Gpsfake.start(log: log)
    defer { gpsd.stop() }
    var configuration = gpsd.configuration
    configuration.reconnect = .never  // the replay ends with gpsd exiting: end the stream there
    let connection = GPSDConnection(configuration: configuration)
    // The replay ends on its own (DEVICE activated:0, then EOF); the watchdog only guards against a hang.
    // It is generous because on a loaded 2-core CI machine a replay has taken over 30 s, and a watchdog
    // that closes the connection first would cut off the final DEVICE report.
    return await connection.collect(seconds: 180)
  }

  @Test(arguments: logs)
  func everyFixGpsdReportsDecodesToTheCapturedValues(log: String) async throws {
    let expected = try Self.expectedFixes(log)
    // gpsfake -p starts the replay about 1.4 s after gpsd is up, so a client that connects late (a
    // loaded CI machine) finds gpsd gone or misses the first fixes: gpsfake's start-up race, not the
    // client's. Up to three replays; the values are checked on the first whole one.
    var events: [GPSDConnection.Event] = []
    for _ in 0..<3 {
      events = try await replay(log)
      let fixCount = events.compactMap(\.tpv).filter(\.mode.hasFix).count
      if events.contains(.state(.watching)), fixCount == expected.count { break }
    }

    #expect(events.first == .state(.connecting(attempt: 1)))
    #expect(events.contains(.state(.watching)))
    // gpsd announces the end of a replay with DEVICE activated:0, then exits. On a loaded 2-core machine
    // gpsfake has been seen (once in dozens of runs) to stop gpsd before that last report was written; the
    // stream must then still end because gpsd closed the connection, never through the test's watchdog.
    #expect(
      events.contains { $0.isDeviceLost }
        || events.contains(.state(.unavailable(.closedByPeer))),
      "the replay ends with DEVICE activated:0 or gpsd closing the connection: \(events.suffix(3))")
    #expect(!events.contains { if case .error = $0 { true } else { false } })
    let fixes = events.compactMap(\.tpv).filter(\.mode.hasFix).map { tpv -> TPVReport in
      var tpv = tpv
      #expect(tpv.device?.hasPrefix("/dev/") == true)
      tpv.device = nil
      return tpv
    }
    #expect(fixes == expected, "\(log): \(fixes.count) fixes received, \(expected.count) captured")
    if log == "skytraq" {
      #expect(fixes.isEmpty, "skytraq never gets a fix")
    } else {
      #expect(!fixes.isEmpty)
    }
  }

  @Test func spotCheckValuesAgainstTheCaptureText() async throws {
    // One fix checked against the capture's text, independently of the decoder under test.
    let gpsd = try Gpsfake.start(log: "nmea-rtk")
    defer { gpsd.stop() }
    var configuration = gpsd.configuration
    configuration.reconnect = .never
    let events = await GPSDConnection(configuration: configuration).collect {
      $0.last?.tpv?.time != nil
    }
    let first = try #require(events.last?.tpv)
    #expect(first.time?.description == "2020-03-18T13:28:19.600Z")
    #expect(first.lat == 41.574965910 && first.lon == -93.750571901)
    #expect(first.altHAE == 246.7190 && first.altMSL == 278.1610 && first.status == .dgps)
    #expect(first.dgpsAge == 6.6 && first.dgpsSta == 133 && first.eph == 4.275)
  }

  @Test func gpsdKilledMidStreamAndRestarted() async throws {
    let first = try Gpsfake.start(log: "nmea-rtk", cycle: 0.02)
    let port = first.port
    var second: Gpsfake?
    defer {
      first.stop()
      second?.stop()
    }
    let connection = GPSDConnection(configuration: first.configuration)
    var killed = false
    var restartError: Error?
    let events = await connection.collect(seconds: 60) { events in
      if !killed, events.compactMap(\.tpv).filter(\.mode.hasFix).count >= 3 {
        killed = true
        first.killGpsd()
        do { second = try Gpsfake.start(log: "garmin-10x", port: port) } catch {
          restartError = error
        }
      }
      // Done when the second replay has ended: gpsd exits after it, closing the connection after
      // fixes of its own. (Counting sessions would miscount when Gpsfake relaunches a start.)
      guard killed, events.last == .state(.unavailable(.closedByPeer)),
        let cut = events.firstIndex(of: .state(.unavailable(.closedByPeer)))
      else { return false }
      return events[cut...].contains { $0.tpv?.mode.hasFix == true }
    }
    await connection.close()
    #expect(restartError == nil)

    guard let cut = events.firstIndex(of: .state(.unavailable(.closedByPeer))) else {
      Issue.record("the kill was not seen as a closed connection: \(events.suffix(5))")
      return
    }
    let before = events[..<cut].compactMap(\.tpv).filter(\.mode.hasFix).map {
      var tpv = $0
      tpv.device = nil
      return tpv
    }
    let after = events[cut...].compactMap(\.tpv).filter(\.mode.hasFix).map {
      var tpv = $0
      tpv.device = nil
      return tpv
    }
    // Session one: an uninterrupted prefix of the log's fixes; nothing replayed twice.
    let rtk = try Self.expectedFixes("nmea-rtk")
    #expect(before.count >= 3 && Array(rtk.prefix(before.count)) == before)
    // The reconnect re-sent WATCH: gpsd answered it again, and session two delivered the whole second log once.
    let afterEvents = Array(events[cut...])
    #expect(afterEvents.contains { if case .state(.reconnecting) = $0 { true } else { false } })
    #expect(afterEvents.contains { if case .report(.watch) = $0 { true } else { false } })
    #expect(after == (try Self.expectedFixes("garmin-10x")))
  }
}
