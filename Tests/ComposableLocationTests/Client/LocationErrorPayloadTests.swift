import ComposableLocation
import ComposableSensorsTesting
import Foundation
import Testing

/// The typed payloads of `LocationError`: what gpsd refused, why a capture cannot be read, the
/// compass source's own error. A reducer switches on them; their descriptions say what to do.
@Suite struct LocationErrorPayloadTests {
  /// gpsd's ERROR replies, verbatim from its request handler (gpsd.c, `handle_gpsd_request`).
  @Test(arguments: [
    ("Unrecognized request '?WACH={}'", GPSDErrorReport.Kind.unrecognizedRequest),
    ("Invalid WATCH: unexpected attribute name", .invalidRequest),
    ("Invalid DEVICE: \"bad\"", .invalidRequest),
    ("No such device as /dev/ttyUSB9", .deviceUnavailable),
    ("Can't assign /dev/ttyUSB0", .deviceUnavailable),
    ("Can't open /dev/ttyACM0.", .deviceUnavailable),
    ("Can't perform DEVICE configuration, no devices attached.", .deviceConfiguration),
    ("No path specified in DEVICE, but multiple devices are attached.", .deviceConfiguration),
    ("Type of /dev/ttyACM0 is unknown.", .deviceConfiguration),
    ("Device configuration support not compiled.", .deviceConfiguration),
    ("Hello", .other),
  ])
  func gpsdErrorReportsAreClassifiedFromGpsdsText(message: String, kind: GPSDErrorReport.Kind) {
    let report = GPSDErrorReport(message: message)
    #expect(report.kind == kind)
    #expect(report.message == message)
    #expect(LocationError.gpsdError(report).description.contains(message))
  }

  @Test func aGpsdRefusalSaysWhatToCheck() {
    let unknown = GPSDErrorReport(message: "Unrecognized request 'WACH'")
    #expect(unknown.description.contains("protocol 3"))
    let device = GPSDErrorReport(message: "No such device as /dev/ttyUSB9")
    #expect(device.description.contains("gpspipe -w -n 5"))
  }

  @Test func anEndlessSourceIsALineTooLongNotAnExhaustedMemory() async {
    let client = LocationClient.replay(
      contentsOf: URL(fileURLWithPath: "/dev/zero"), clock: TestClock())
    do {
      _ = try await client.requestLocation(id: "zero")
      Issue.record("requestLocation returned a fix from /dev/zero")
    } catch {
      #expect(
        error == .replayUnreadable(path: "/dev/zero", problem: .lineTooLong(line: 1, limit: 65536)))
      #expect(error.description.contains("/dev/zero"))
    }
  }

  @Test func aDirectoryOpensButCannotBeRead() async {
    let directory = FileManager.default.temporaryDirectory.path
    let client = LocationClient.replay(
      contentsOf: URL(fileURLWithPath: directory), clock: TestClock())
    do {
      _ = try await client.requestLocation(id: "directory")
      Issue.record("requestLocation returned a fix from a directory")
    } catch {
      #expect(error == .replayUnreadable(path: directory, problem: .cannotRead(errno: EISDIR)))
      #expect(error.description.contains("a directory, not a file"))
    }
  }

  struct Unplugged: Error, Hashable {
    var device: String
  }

  struct Opaque: Error, CustomStringConvertible {
    var description: String
  }

  @Test func compassFailuresCompareByTheSourcesOwnError() {
    let unplugged = CompassFailure(Unplugged(device: "iio:device0"))
    #expect(unplugged == CompassFailure(Unplugged(device: "iio:device0")))
    #expect(unplugged != CompassFailure(Unplugged(device: "iio:device1")))
    #expect((unplugged.error as? Unplugged)?.device == "iio:device0")
    // Errors that are not Hashable compare by type and text.
    #expect(CompassFailure(Opaque(description: "x")) == CompassFailure(Opaque(description: "x")))
    #expect(CompassFailure(Opaque(description: "x")) != CompassFailure(Opaque(description: "y")))
    #expect(Set([unplugged, CompassFailure(Unplugged(device: "iio:device0"))]).count == 1)
  }
}
