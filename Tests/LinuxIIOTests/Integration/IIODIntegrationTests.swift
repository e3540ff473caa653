import Foundation
import LinuxIIO
import SensorsTestSupport
import Testing

/// The iiod client against real iiod 0.24 serving umockdev descriptions, checked against what
/// libiio's own tools (`iio_info`, `iio_attr`) read from the same daemon.
@Suite(
  "iiod client against real iiod", .tags(.integration),
  .enabled(if: IIODServer.isInstalled, Comment(rawValue: IIODServer.skipMessage)))
struct IIODIntegrationTests {
  private func fixture(_ name: String) throws -> String {
    let url = try UmockdevDescription.url(
      name, extension: nil, subdirectory: "iiod", in: .module)
    return url.path
  }

  private func client(_ server: IIODServer) throws -> IIODClient {
    try IIODClient(address: IIODAddress(host: "127.0.0.1", port: server.port))
  }

  @Test("VERSION, PRINT and READ give what iio_info and iio_attr read")
  func attributesMatchLibiio() async throws {
    let server = try IIODServer.start(device: try fixture("iiod-adis16480.umockdev"))
    defer { server.stop() }
    let board = try client(server)
    defer { board.close() }
    #expect(try await board.version().hasPrefix("0.24"))
    let context = try await board.context()
    let device = try #require(context.device("iio:device0"))
    #expect(device.name == "adis16480")
    let raw = try await board.readAttribute(
      device: "iio:device0", channel: "accel_x", attribute: "raw")
    let scale = try await board.readAttribute(
      device: "iio:device0", channel: "accel_x", attribute: "scale")
    #expect(raw == "75935")
    guard IIODServer.hasLibiioUtilities else { return }
    let libiioRaw = try IIODServer.run(
      "iio_attr", ["-u", server.uri, "-c", "adis16480", "accel_x", "raw"])
    let libiioScale = try IIODServer.run(
      "iio_attr", ["-u", server.uri, "-c", "adis16480", "accel_x", "scale"])
    #expect(libiioRaw.trimmingCharacters(in: .whitespacesAndNewlines) == raw)
    #expect(libiioScale.trimmingCharacters(in: .whitespacesAndNewlines) == scale)
    // iio_info lists the same channels, each with its scan format.
    let info = try IIODServer.run("iio_info", ["-u", server.uri])
    for channel in device.channels {
      #expect(info.contains("\(channel.id) (input") || info.contains("\(channel.id):"))
    }
    #expect(info.contains("12 channels found"))
  }

  @Test("discover() converts the board's devices as local discovery would")
  func discovery() async throws {
    let server = try IIODServer.start(device: try fixture("iiod-adis16480.umockdev"))
    defer { server.stop() }
    let board = try client(server)
    defer { board.close() }
    let found = try await board.discover()
    let device = try #require(found.devices.first)
    #expect(device.id == "iio:device0")
    #expect(device.path == "127.0.0.1:\(server.port)/iio:device0")
    let accel = try #require(device.channel("in_accel_x"))
    #expect(accel.scale == 0.000000119)
    #expect(accel.scanElement?.index == 3)
    #expect(device.samplingFrequency == 12.813)
    #expect(device.timestampClock == .realtime)
    #expect(device.buffer != nil)
    #expect(found.triggers.map(\.name) == ["adis16480-dev0"])
    // A poll reads raw × scale in m/s².
    let reader = try IIODRemoteReader(
      client: board, device: device, channels: device.channels(ofType: .accel))
    let sample = try await reader.poll()
    let vector = try #require(sample.vector(.accel))
    #expect(abs(vector.x - 75935 * 0.000000119) < 1e-12)
  }

  @Test("Errno replies are typed; the connection stays usable after them")
  func remoteErrors() async throws {
    let server = try IIODServer.start(device: try fixture("iiod-adis16480.umockdev"))
    defer { server.stop() }
    let board = try client(server)
    defer { board.close() }
    await #expect(
      throws: IIODError.remoteError(
        server: "127.0.0.1:\(server.port)", command: "READ iio:device0 INPUT accel_x bogus",
        errno: 2)
    ) {
      try await board.readAttribute(device: "iio:device0", channel: "accel_x", attribute: "bogus")
    }
    await #expect(
      throws: IIODError.remoteError(
        server: "127.0.0.1:\(server.port)", command: "READ iio:device9 INPUT accel_x raw", errno: 19
      )
    ) {
      try await board.readAttribute(device: "iio:device9", channel: "accel_x", attribute: "raw")
    }
    #expect(
      try await board.readAttribute(device: "iio:device0", attribute: "sampling_frequency")
        == "12.813000")
  }

  @Test("A buffered read: OPEN, READBUF demuxed by the scan layout, CLOSE")
  func bufferedRead() async throws {
    let server = try IIODServer.start(
      device: try fixture("iiod-accel-buffer.umockdev"),
      script: try fixture("iiod-accel-buffer.script"))
    defer { server.stop() }
    let board = try client(server)
    defer { board.close() }
    let device = try #require(try await board.discover().devices.first)
    let reader = try IIODRemoteReader(
      client: board, device: device, channels: device.channels(ofType: .accel))
    #expect(reader.scanSize == 24)
    try await reader.openBuffer(scans: 4)
    let samples = try await reader.readScans(3)
    await reader.closeBuffer()
    // The script's first scans (iio-sensor-proxy's capture): x = 0xad = 173, y = -829.
    #expect(samples.count == 3)
    #expect(samples.first?.values == [173, -829, -581])
    #expect(samples.first?.timestamp.nanoseconds == 0x165b_fc09_4822_8b6f)
  }

  @Test("A killed daemon ends the request with linkDropped, and later requests too")
  func droppedLink() async throws {
    let server = try IIODServer.start(device: try fixture("iiod-adis16480.umockdev"))
    let board = try client(server)
    defer { board.close() }
    _ = try await board.version()
    server.stop()
    let name = "127.0.0.1:\(server.port)"
    await #expect(throws: IIODError.linkDropped(server: name)) { try await board.version() }
    await #expect(throws: IIODError.linkDropped(server: name)) { try await board.version() }
  }

  @Test("No daemon: refused, with the address")
  func refused() async throws {
    let port = try ClosedPort()
    let board = try IIODClient(address: IIODAddress(host: "127.0.0.1", port: port.port))
    await #expect(throws: IIODError.refused(server: "127.0.0.1:\(port.port)")) {
      try await board.version()
    }
  }
}
