import Foundation
import LinuxIIO

/// One scan layout, a block of scans to demux, and the numbers measured.
struct DemuxScenario {
  struct Result {
    var demuxRate: Double
    var memcpyRate: Double
    var ratio: Double { memcpyRate / demuxRate }
  }

  let name: String
  let layout: IIOScanLayout

  static func all() throws -> [DemuxScenario] {
    [
      try DemuxScenario(
        name: "accel+timestamp, 24 B (HID accel_3d)",
        types: [
          ("in_accel_x", "le:s16/32>>0"), ("in_accel_y", "le:s16/32>>0"),
          ("in_accel_z", "le:s16/32>>0"),
          ("in_timestamp", "le:s64/64>>0"),
        ]),
      try DemuxScenario(
        name: "ADIS16480 12 elements, 48 B",
        types: [
          ("in_anglvel_x", "be:s32/32>>0"), ("in_anglvel_y", "be:s32/32>>0"),
          ("in_anglvel_z", "be:s32/32>>0"),
          ("in_accel_x", "be:s32/32>>0"), ("in_accel_y", "be:s32/32>>0"),
          ("in_accel_z", "be:s32/32>>0"),
          ("in_magn_x", "be:s16/16>>0"), ("in_magn_y", "be:s16/16>>0"),
          ("in_magn_z", "be:s16/16>>0"),
          ("in_pressure0", "be:s32/32>>0"), ("in_temp0", "be:s16/16>>0"),
          ("in_timestamp", "le:s64/64>>0"),
        ]),
    ]
  }

  init(name: String, types: [(IIOChannelID, String)]) throws {
    self.name = name
    var elements: [(channel: IIOChannelID, element: IIOScanElement)] = []
    for (index, (channel, text)) in types.enumerated() {
      let type = try IIOScanType(parsing: text)
      elements.append(
        (channel, IIOScanElement(index: index, type: type, isEnabled: true, directory: "")))
    }
    layout = try IIOScanLayout(elements: elements)
  }

  /// Demuxes (then memcpys) a 1024-scan block of pseudo-random bytes for about `seconds` each.
  func measure(seconds: Double) -> Result {
    let scans = 1024
    var generator = SystemRandomNumberGenerator()
    let block = (0..<(scans * layout.scanSize)).map { _ in
      UInt8.random(in: 0...255, using: &generator)
    }
    var values = [Int64](repeating: 0, count: layout.valueCount * scans)
    var copy = [UInt8](repeating: 0, count: layout.scanSize * scans)
    var checksum: Int64 = 0
    let size = layout.scanSize
    // The reader's path: one call demultiplexes every scan a read() returned.
    let demux = rate(seconds: seconds, scansPerPass: scans) {
      block.withUnsafeBytes { bytes in
        values.withUnsafeMutableBufferPointer { output in
          checksum &+= Int64(layout.demux(scans: bytes, into: output)) &+ output[output.count - 1]
        }
      }
    }
    let memcpyRate = rate(seconds: seconds, scansPerPass: scans) {
      block.withUnsafeBytes { bytes in
        copy.withUnsafeMutableBytes { output in
          guard let source = bytes.baseAddress, let target = output.baseAddress else { return }
          // Scan by scan, the same granularity as the demux.
          for scan in 0..<scans {
            memcpy(target + scan * size, source + scan * size, size)
          }
          checksum &+= Int64(output[output.count - 1])
        }
      }
    }
    // Printing the checksum keeps the optimizer from deleting either loop.
    if checksum == 42 { print("(checksum \(checksum))") }
    return Result(demuxRate: demux, memcpyRate: memcpyRate)
  }

  private func rate(seconds: Double, scansPerPass: Int, _ pass: () -> Void) -> Double {
    for _ in 0..<50 { pass() }
    let clock = ContinuousClock()
    let start = clock.now
    var passes = 0
    while true {
      for _ in 0..<100 { pass() }
      passes += 100
      let elapsed = start.duration(to: clock.now)
      let secondsElapsed =
        Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
      if secondsElapsed >= seconds { return Double(passes * scansPerPass) / secondsElapsed }
    }
  }
}
