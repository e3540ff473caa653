import FuzzDriver
import Glibc
import LinuxIIO

/// libFuzzer entry point: the bytes as sysfs attribute text for every LinuxIIO text parser, and
/// as the fields of ``IIOScanType``'s public initializer. A parser may reject its input with a
/// typed error; it must never trap, and what it accepts must print back to itself.
@_cdecl("LLVMFuzzerTestOneInput")
public func scanTypeFuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
  let text = String(decoding: bytes, as: UTF8.self)
  if let type = try? IIOScanType(parsing: text) {
    // Whatever parses is valid, and its kernel spelling parses back to the same type.
    guard let again = try? IIOScanType(parsing: type.description), again == type else {
      fatalError("\(text.debugDescription) parsed, but its description \(type.description) did not")
    }
    check(type)
  }
  _ = try? IIOMountMatrix(parsing: text)
  _ = try? IIOSamplingFrequencies(parsing: text)
  // The initializer's fields, straight from the bytes: any Int, negative and huge included.
  if bytes.count >= 33 {
    func int(_ at: Int) -> Int {
      bytes[at..<(at + 8)].reduce(0) { $0 << 8 | Int($1) }
    }
    if let type = try? IIOScanType(
      endianness: bytes[0] & 1 == 0 ? .little : .big, isSigned: bytes[0] & 2 == 0,
      realBits: int(1), storageBits: int(9), shift: int(17), repeatCount: int(25))
    {
      check(type)
    }
  }
  return 0
}

/// The invariants every accepted type keeps, which the demultiplexer relies on.
func check(_ type: IIOScanType) {
  guard [8, 16, 32, 64].contains(type.storageBits), type.realBits >= 1,
    type.shift >= 0, type.realBits + type.shift <= type.storageBits,
    (1...IIOScanType.maximumRepeatCount).contains(type.repeatCount)
  else {
    fatalError("accepted an invalid scan type \(type)")
  }
}

/// The executable's entry point: libFuzzer's driver, run on this harness's target.
@main
enum ScanTypeFuzzer {
  static func main() {
    runLibFuzzer(scanTypeFuzzerTestOneInput)
  }
}
