import Foundation
import SensorsSampleData
import SensorsTestSupport
import Testing

/// The built `sensors-demo` reading a board through real iiod (under umockdev, serving the bundled
/// ADIS16480), as `scripts/try-iiod` and the README run it.
@Suite(
  "sensors-demo over iiod", .tags(.integration),
  .enabled(if: IIODServer.isInstalled, Comment(rawValue: IIODServer.skipMessage)))
struct IIODEndToEndTests {
  private func serve() throws -> IIODServer {
    let description = SampleData.directory.appendingPathComponent("iiod-adis16480.umockdev")
    return try IIODServer.start(device: description.path)
  }

  @Test("accelerometer --iiod --mode poll --count 3 --json: three samples in g, z ≈ −1")
  func accelerometer() async throws {
    let server = try serve()
    defer { server.stop() }
    let result = try await DemoProcess.run([
      "accelerometer", "--iiod", "127.0.0.1:\(server.port)", "--mode", "poll", "--count", "3",
      "--json",
    ])
    #expect(result.status == 0, "\(result.standardError)")
    let objects = try result.lines.map { line in
      try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    }
    #expect(
      objects.first?["description"] as? String == "IIO sensors of iiod at 127.0.0.1:\(server.port)")
    let samples = objects.filter { $0["event"] as? String == "accelerometer" }
    #expect(samples.count == 3)
    #expect(samples.allSatisfy { abs(($0["z"] as? Double ?? 0) - -0.996255297) < 1e-6 })
    #expect(objects.last?["event"] as? String == "end")
  }

  @Test("motion --iiod with no daemon there: a typed error naming the address, status 1")
  func noDaemon() async throws {
    let closed = try ClosedPort()
    let result = try await DemoProcess.run([
      "motion", "--iiod", "127.0.0.1:\(closed.port)", "--count", "1", "--json",
    ])
    #expect(result.status == 1)
    #expect(result.standardOutput.contains("Nothing listens at 127.0.0.1:\(closed.port)"))
  }
}
