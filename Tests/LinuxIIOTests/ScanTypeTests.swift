import LinuxIIO
import Testing

@Suite("Scan element types (in_X_type)")
struct ScanTypeTests {
  @Test("The HID accel_3d type: 16 significant bits in a 32-bit little-endian slot")
  func hidAccel() throws {
    let type = try IIOScanType(parsing: "le:s16/32>>0\n")
    #expect(
      type == (try IIOScanType(endianness: .little, isSigned: true, realBits: 16, storageBits: 32)))
    #expect(type.storageBytes == 4)
  }

  @Test("The ADXL355 type: 20 bits, big-endian, shifted by 4")
  func adxl355() throws {
    let type = try IIOScanType(parsing: "be:s20/32>>4")
    #expect(type.endianness == .big)
    #expect(type.realBits == 20)
    #expect(type.storageBits == 32)
    #expect(type.shift == 4)
    #expect(type.description == "be:s20/32>>4")
  }

  @Test(
    "Every type the real boards print parses and prints back the same",
    arguments: [
      "le:s16/32>>0", "le:s64/64>>0", "be:s20/32>>4", "be:s32/32>>0", "be:s16/16>>0",
      "le:u12/16>>4", "le:u8/8>>0",
    ])
  func roundTrip(text: String) throws {
    #expect(try IIOScanType(parsing: text).description == text)
  }

  @Test("A repeated element (quaternion) counts its repeats")
  func repeated() throws {
    let type = try IIOScanType(parsing: "le:s16/32X4>>0")
    #expect(type.repeatCount == 4)
    #expect(type.totalBytes == 16)
    #expect(type.description == "le:s16/32X4>>0")
  }

  @Test(
    "Hostile or unsupported types are a typed error naming the file",
    arguments: [
      "", "le", "le:", "le:s16", "le:s16/32", "le:s16/32>>", "xe:s16/32>>0", "le:f16/32>>0",
      "le:s33/32>>0",
      "le:s16/24>>0", "le:s16/32>>20", "le:s0/8>>0", "le:s16/32X0>>0",
      "le:s99999999999999999999/32>>0",
      "le:s16/32>>0 junk", "lé:s16/32>>0", "le:-16/32>>0",
    ])
  func rejects(text: String) {
    #expect(throws: IIOError.unknownScanType(path: "scan_elements/in_accel_x_type", value: text)) {
      try IIOScanType(parsing: text, path: "scan_elements/in_accel_x_type")
    }
  }

  @Test(
    "Upper-case sign letters, as libiio writes them, mean the same as the kernel's lower case",
    arguments: [("le:S16/16>>0", "le:s16/16>>0"), ("be:U12/16>>4", "be:u12/16>>4")])
  func upperCaseSign(text: String, kernel: String) throws {
    #expect(try IIOScanType(parsing: text) == (try IIOScanType(parsing: kernel)))
    #expect(try IIOScanType(parsing: text).description == kernel)
  }

  @Test(
    "The public initializer throws for fields no layout can read, rather than trapping later",
    arguments: [
      (16, 24, 0, 1), (33, 32, 0, 1), (0, 8, 0, 1), (16, 32, 20, 1), (16, 32, -1, 1),
      (64, 64, 1, 1), (16, 16, 0, 0), (16, 16, 0, 1025), (Int.max, 64, Int.max, 1),
      (8, 8, Int.min, 1),
    ])
  func validatedInitializer(realBits: Int, storageBits: Int, shift: Int, repeatCount: Int) {
    #expect(throws: IIOError.self) {
      try IIOScanType(
        endianness: .little, isSigned: true, realBits: realBits, storageBits: storageBits,
        shift: shift, repeatCount: repeatCount)
    }
  }

  @Test("The public initializer accepts every shape the kernel can print, repeats included")
  func validInitializer() throws {
    let type = try IIOScanType(
      endianness: .big, isSigned: false, realBits: 12, storageBits: 16, shift: 4, repeatCount: 4)
    #expect(type.description == "be:u12/16X4>>4")
    #expect(try IIOScanType(parsing: type.description) == type)
    #expect(
      try IIOScanType(endianness: .little, isSigned: false, realBits: 64, storageBits: 64)
        .isUnsigned64)
  }

  @Test("The error message says what a valid type looks like")
  func message() {
    let error = IIOError.unknownScanType(path: "/sys/x/in_accel_x_type", value: "le:f32/32>>0")
    #expect(error.description.contains("/sys/x/in_accel_x_type"))
    #expect(error.description.contains("[be|le]:[s|u]BITS/STORAGEBITS"))
  }
}
