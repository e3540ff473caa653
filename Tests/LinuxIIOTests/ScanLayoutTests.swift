import LinuxIIO
import SensorsTestSupport
import Testing

@Suite("Scan layout and demux")
struct ScanLayoutTests {
  static func element(_ index: Int, _ type: String) throws -> IIOScanElement {
    IIOScanElement(
      index: index, type: try IIOScanType(parsing: type), isEnabled: true,
      directory: "scan_elements")
  }

  static func hidAccelLayout() throws -> IIOScanLayout {
    try IIOScanLayout(elements: [
      ("in_accel_x", element(0, "le:s16/32>>0")), ("in_accel_y", element(1, "le:s16/32>>0")),
      ("in_accel_z", element(2, "le:s16/32>>0")), ("in_timestamp", element(3, "le:s64/64>>0")),
    ])
  }

  @Test("HID accel_3d: three 32-bit slots, 4 bytes of padding, an 8-aligned timestamp: 24 bytes")
  func hidAccelOffsets() throws {
    let layout = try Self.hidAccelLayout()
    #expect(layout.elements.map(\.offset) == [0, 4, 8, 16])
    #expect(layout.scanSize == 24)
  }

  @Test("Demuxing the real HID capture masks the junk in the upper 16 bits")
  func hidCapture() throws {
    let layout = try Self.hidAccelLayout()
    let capture = try UmockdevDescription.bytes("isp-orientation-normal", in: .module)
    #expect(capture.count == 24)
    // Bytes 0-3 are ad 00 c3 fc: the 32-bit word is 0xfcc300ad, of which only 0x00ad is data.
    let values = try #require(layout.demux(capture))
    #expect(Array(values[0..<3]) == [103, -919, -385])
    #expect(values[3] == 0x165B_FC09_4574_81CE)
  }

  @Test("Every scan of the left-up capture decodes; x rises as the device turns")
  func leftUpCapture() throws {
    let layout = try Self.hidAccelLayout()
    let capture = try UmockdevDescription.bytes("isp-orientation-left-up", in: .module)
    #expect(capture.count == 15 * layout.scanSize)
    let scans = stride(from: 0, to: capture.count, by: layout.scanSize).compactMap {
      layout.demux(Array(capture[$0..<($0 + layout.scanSize)]))
    }
    #expect(scans.count == 15)
    #expect(scans.first.map { Array($0[0..<3]) } == [173, -829, -581])
    #expect(scans.last.map { Array($0[0..<3]) } == [840, -238, -201])
    // Kernel timestamps only move forward.
    #expect(zip(scans, scans.dropFirst()).allSatisfy { $0[3] < $1[3] })
  }

  @Test("ADXL355 be:s20/32>>4: the board's raw values survive shift, mask and sign extension")
  func adxl355() throws {
    let layout = try IIOScanLayout(elements: [
      ("in_accel_x", Self.element(0, "be:s20/32>>4")),
      ("in_accel_y", Self.element(1, "be:s20/32>>4")),
      ("in_accel_z", Self.element(2, "be:s20/32>>4")),
      ("in_timestamp", Self.element(4, "le:s64/64>>0")),
    ])
    #expect(layout.elements.map(\.offset) == [0, 4, 8, 16])
    #expect(layout.scanSize == 24)
    // in_accel_{x,y,z}_raw of the real board; the low nibble of each word holds status bits.
    let raw: [Int128] = [-4641, -2198, 257934]
    var scan: [UInt8] = []
    for value in raw {
      let word = (UInt32(truncatingIfNeeded: value) & 0xFFFFF) << 4 | 0x9
      scan += [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: word >> $0) }
    }
    scan += [0, 0, 0, 0] + [0x10, 0x32, 0x54, 0x76, 0x98, 0, 0, 0]
    #expect(layout.demux(scan) == raw + [0x98_7654_3210])
  }

  @Test(
    "ADIS16480: gyro, accel (be:s32), magnetometer (be:s16), pressure, temperature, timestamp: 48 bytes"
  )
  func adis16480() throws {
    let types: [(IIOChannelID, String)] = [
      ("in_anglvel_x", "be:s32/32>>0"), ("in_anglvel_y", "be:s32/32>>0"),
      ("in_anglvel_z", "be:s32/32>>0"),
      ("in_accel_x", "be:s32/32>>0"), ("in_accel_y", "be:s32/32>>0"),
      ("in_accel_z", "be:s32/32>>0"),
      ("in_magn_x", "be:s16/16>>0"), ("in_magn_y", "be:s16/16>>0"), ("in_magn_z", "be:s16/16>>0"),
      ("in_pressure0", "be:s32/32>>0"), ("in_temp0", "be:s16/16>>0"),
      ("in_timestamp", "le:s64/64>>0"),
    ]
    let layout = try IIOScanLayout(
      elements: types.enumerated().map { ($1.0, try Self.element($0, $1.1)) })
    #expect(layout.elements.map(\.offset) == [0, 4, 8, 12, 16, 20, 24, 26, 28, 32, 36, 40])
    #expect(layout.scanSize == 48)
    // The board's in_*_raw values, written big-endian as the device would.
    let raw: [Int128] = [
      1_383_639_238, -41046, 24604, 75935, 921_037, 82_100_227, 1320, -2454, 1159, 1_632_814_777,
      4080,
    ]
    var scan = [UInt8](repeating: 0, count: 48)
    for (element, value) in zip(layout.elements, raw) {
      let bytes = element.type.storageBytes
      for byte in 0..<bytes {
        scan[element.offset + byte] = UInt8(truncatingIfNeeded: value >> (8 * (bytes - 1 - byte)))
      }
    }
    scan.replaceSubrange(40..<48, with: [1, 2, 3, 4, 5, 6, 7, 0])
    #expect(layout.demux(scan) == raw + [0x0007_0605_0403_0201])
  }

  @Test("Unsigned values are not sign-extended; repeated elements yield one value per repeat")
  func unsignedAndRepeat() throws {
    let layout = try IIOScanLayout(elements: [
      ("in_intensity_clear", Self.element(0, "le:u12/16>>4")),
      ("in_rot_quaternion", Self.element(1, "le:s16/16X4>>0")),
    ])
    #expect(layout.elements.map(\.offset) == [0, 8])
    #expect(layout.scanSize == 16)
    #expect(layout.valueCount == 5)
    let scan: [UInt8] = [
      0xF5, 0xFF, 0, 0, 0, 0, 0, 0, 0xFF, 0x7F, 0x00, 0x80, 0x01, 0x00, 0xFF, 0xFF,
    ]
    #expect(layout.demux(scan) == [0xFFF, 32767, -32768, 1, -1])
  }

  @Test("le:u64/64 values of 2^63 and above stay positive; s64 ones keep their sign")
  func unsigned64() throws {
    let layout = try IIOScanLayout(elements: [
      ("in_count0", Self.element(0, "le:u64/64>>0")),
      ("in_count1", Self.element(1, "be:u64/64>>0")),
      ("in_timestamp", Self.element(2, "le:s64/64>>0")),
    ])
    let scan: [UInt8] =
      [0xFE, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF]
      + [0x80, 0, 0, 0, 0, 0, 0, 0] + [0xFE, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF]
    #expect(layout.demux(scan) == [Int128(UInt64.max - 1), Int128(1) << 63, -2])
    // The fast path keeps bit patterns, which UInt64(bitPattern:) reads back.
    var values = [Int64](repeating: 0, count: 3)
    scan.withUnsafeBytes { bytes in
      values.withUnsafeMutableBufferPointer { _ = layout.demux(bytes, into: $0) }
    }
    #expect(UInt64(bitPattern: values[0]) == UInt64.max - 1)
    #expect(UInt64(bitPattern: values[1]) == 1 << 63)
  }

  @Test("A short scan is refused rather than read past its end")
  func shortScan() throws {
    let layout = try Self.hidAccelLayout()
    #expect(layout.demux([UInt8](repeating: 0, count: 23)) == nil)
  }

  @Test("Two elements claiming one scan index are an error")
  func duplicateIndex() throws {
    #expect(throws: IIOError.self) {
      try IIOScanLayout(elements: [
        ("in_accel_x", Self.element(0, "le:s16/16>>0")),
        ("in_accel_y", Self.element(0, "le:s16/16>>0")),
      ])
    }
  }
}
