import ComposableLocation
import ComposableSensorsTesting
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// The capture writer keeps gpsd's lines byte for byte, in `gpspipe -w` form, and a replay of
/// what it wrote is a replay of what gpsd sent.
@Suite struct GPSDCaptureWriterTests {
  struct ID: Hashable, Sendable {}

  private func temporaryPath() -> String {
    FileManager.default.temporaryDirectory
      .appendingPathComponent("gpsd-capture-\(UUID().uuidString).jsonl").path
  }

  private func locations(_ client: LocationClient) async -> [Location] {
    let events = await client.create(id: ID())
    await client.startUpdatingLocation(id: ID())
    let locations = await collect(events, until: \.isEnd).flatMap(\.locations)
    await client.destroy(id: ID())
    return locations
  }

  @Test func linesAreWrittenByteForByteAndReplayToTheSameFixes() async throws {
    let original = try Data(contentsOf: try fixtureURL("myguide-3100"))
    let path = temporaryPath()
    defer { unlink(path) }
    let writer = try GPSDCaptureWriter(path: path)
    let lines = original.split(separator: UInt8(ascii: "\n"))
    for line in lines { try writer.write(line: line) }
    #expect(writer.lineCount == lines.count)
    try writer.close()
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == original)

    let replayed = await locations(LocationClient.replay(contentsOf: path, clock: ImmediateClock()))
    let expected = await locations(
      LocationClient.replay(contentsOf: try fixtureURL("myguide-3100"), clock: ImmediateClock()))
    #expect(!expected.isEmpty)
    #expect(replayed == expected)
  }

  @Test func aLineWithALineFeedAndAClosedWriterAreRefused() throws {
    let path = temporaryPath()
    defer { unlink(path) }
    let writer = try GPSDCaptureWriter(path: path)
    #expect(throws: GPSDCaptureError.lineContainsNewline(path: path)) {
      try writer.write(line: Array("{}\n{}".utf8))
    }
    try writer.close()
    try writer.close()  // closing twice does nothing
    #expect(throws: GPSDCaptureError.closed(path: path)) {
      try writer.write(line: Array("{}".utf8))
    }
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)).isEmpty)
  }

  @Test func aCaptureThatCannotBeCreatedNamesTheCause() {
    let path = "/nonexistent-directory-\(getpid())/gpsd.jsonl"
    let expected = GPSDCaptureError.fileError(path: path, operation: "open", errno: ENOENT)
    #expect(throws: expected) { try GPSDCaptureWriter(path: path) }
    #expect(
      expected.description
        == "cannot write \(path): open failed: No such file or directory (errno 2)")
  }
}
