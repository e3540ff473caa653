import Foundation
import GPSD
import SensorsTestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// The ``Gpsfake`` harness every gpsd test stands on: it hands over a gpsd that already has its
/// device, and leaves nothing behind.
@Suite(
  .tags(.integration), .serialized, .enabled(if: Gpsfake.isInstalled, "\(Gpsfake.skipMessage)"))
struct GpsfakeTests {
  @Test("start returns with gpsd listening and holding gpsfake's device; stop leaves nothing")
  func startHandsOverAReadyGpsdAndStopCleansUp() async throws {
    let gpsd = try await Gpsfake.started(log: "garmin-10x", cycle: 0.05)
    defer { gpsd.stop() }
    #expect(Gpsfake.portAccepts(gpsd.port))
    #expect(gpsd.gpsdHasFakeDevice)
    // The unprivileged view alone (what a root gpsd without CAP_SYS_PTRACE leaves): gpsd's own
    // ?DEVICES lists the device once gpsfake's watcher has it activated, about a second later.
    // A watcher of our own sees that moment as gpsd announces it.
    let watcher = GPSDConnection(configuration: gpsd.configuration)
    let activated = { (event: GPSDConnection.Event) -> Bool in
      switch event {
      case .report(.device(let device)): device.activated != nil
      case .report(.devices(let devices)): devices.contains { $0.activated != nil }
      default: false
      }
    }
    let events = await watcher.collect(seconds: 10) { events in events.contains(where: activated) }
    await watcher.close()
    // gpsd's own answer, as it gave it: a second ?DEVICES query afterwards would race the end of
    // gpsfake's short log, after which gpsd rightly lists no device.
    #expect(
      events.contains(where: activated),
      "gpsd never listed gpsfake's device as activated; a watcher saw \(events.suffix(4))")
    let children = gpsd.gpsdProcessIDs
    #expect(children.count == 1, "gpsfake runs one gpsd")

    // gpsfake names gpsd's control socket after its own process id in $TMPDIR. Each instance has
    // a TMPDIR of its own, so a socket file left by an earlier gpsd whose id was reused can never
    // be mistaken for this one's (gpsfake would then add its device to nobody, silently).
    let controlSocket = "\(gpsd.directory)/gpsfake-\(gpsd.processID).sock"
    #expect(FileManager.default.fileExists(atPath: controlSocket))
    #expect(gpsd.directory.hasPrefix(FileManager.default.temporaryDirectory.path))

    await gpsd.stopped()
    #expect(!gpsd.isRunning)
    #expect(!FileManager.default.fileExists(atPath: gpsd.directory))
    for child in children {
      // Gone, or at most a zombie awaiting its reaper: never still running.
      let stat = (try? String(contentsOfFile: "/proc/\(child)/stat", encoding: .utf8)) ?? ""
      let state = stat.split(separator: ")").last?.split(separator: " ").first
      #expect(state == nil || state == "Z", "gpsd \(child) survived stop: \(stat)")
    }
  }
}
