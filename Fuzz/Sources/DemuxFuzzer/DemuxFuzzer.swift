import FuzzDriver
import Glibc
import LinuxIIO

/// libFuzzer entry point: the first bytes describe up to eight scan elements (7 bytes each),
/// the rest is scan data. Whatever the description, building the layout either throws or gives
/// a layout whose demultiplexer stays inside the scan and agrees, value for value, with a plain
/// bit-by-bit reading of the kernel ABI.
@_cdecl("LLVMFuzzerTestOneInput")
public func demuxFuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
  guard let count = bytes.first.map({ Int($0 % 8) + 1 }), bytes.count > 1 + 7 * count else {
    return 0
  }
  var elements: [(channel: IIOChannelID, element: IIOScanElement)] = []
  for position in 0..<count {
    let field = Array(bytes[(1 + 7 * position)..<(8 + 7 * position)])
    // Mostly plausible fields, sometimes hostile ones: the initializer must sort them out.
    let storage = [8, 16, 32, 64, 24, 0, -8, 128][Int(field[1] % 8)]
    guard
      let type = try? IIOScanType(
        endianness: field[0] & 1 == 0 ? .little : .big, isSigned: field[0] & 2 == 0,
        realBits: Int(Int8(bitPattern: field[2])), storageBits: storage,
        shift: Int(Int8(bitPattern: field[3])), repeatCount: Int(field[4] % 6))
    else { return 0 }
    let element = IIOScanElement(
      index: Int(field[5]), type: type, isEnabled: true, directory: "fuzz")
    elements.append((IIOChannelID(rawValue: "in_voltage\(position)_raw"), element))
  }
  guard let layout = try? IIOScanLayout(elements: elements) else { return 0 }
  let scans = Array(bytes[(1 + 7 * count)...])
  guard
    layout.elements.allSatisfy({ $0.offset + $0.type.totalBytes <= layout.scanSize }),
    layout.valueCount == layout.elements.reduce(0, { $0 + $1.type.repeatCount })
  else {
    fatalError("layout places an element outside its scan: \(layout)")
  }
  guard let values = layout.demux(scans) else {
    if scans.count >= layout.scanSize { fatalError("refused a scan of \(scans.count) bytes") }
    return 0
  }
  if values != reference(layout, scans) {
    fatalError("demux \(values) differs from the reference \(reference(layout, scans))")
  }
  // The batch path: as many whole scans as fit, never more.
  var output = [Int64](repeating: 0, count: layout.valueCount * 3)
  let decoded = scans.withUnsafeBytes { raw in
    output.withUnsafeMutableBufferPointer { layout.demux(scans: raw, into: $0) }
  }
  if decoded != min(scans.count / layout.scanSize, 3) {
    fatalError("batch demux decoded \(decoded) scans of \(scans.count) bytes")
  }
  return 0
}

/// The first scan's values read bit by bit, as the ABI describes them.
func reference(_ layout: IIOScanLayout, _ scan: [UInt8]) -> [Int128] {
  var values: [Int128] = []
  for element in layout.elements {
    let type = element.type
    for repetition in 0..<type.repeatCount {
      let start = element.offset + repetition * type.storageBytes
      var word: UInt64 = 0
      for byte in 0..<type.storageBytes {
        let index = type.endianness == .big ? start + byte : start + type.storageBytes - 1 - byte
        word = word << 8 | UInt64(scan[index])
      }
      word >>= UInt64(type.shift)
      let mask: UInt64 = type.realBits == 64 ? .max : (1 << UInt64(type.realBits)) - 1
      word &= mask
      var value = Int128(word)
      if type.isSigned, word >> UInt64(type.realBits - 1) & 1 == 1 {
        value -= Int128(1) << type.realBits
      }
      values.append(value)
    }
  }
  return values
}

/// The executable's entry point: libFuzzer's driver, run on this harness's target.
@main
enum DemuxFuzzer {
  static func main() {
    runLibFuzzer(demuxFuzzerTestOneInput)
  }
}
