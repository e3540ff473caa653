#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif
#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Splits CSV bytes into cells without Foundation's CSV machinery: a recording can hold 50 000 rows and
/// more, and only a handful of columns are needed from each.
struct IMURecordingParser {
  private static let required = ["t", "gyr_x", "gyr_y", "gyr_z", "acc_x", "acc_y", "acc_z"]
  private static let magnetometer = ["mag_x", "mag_y", "mag_z"]

  private var bytes: [UInt8]
  private var position = 0
  private var line = 0

  init(bytes: [UInt8]) {
    self.bytes = bytes
    // A terminating NUL lets strtod stop inside the buffer even on the last cell.
    self.bytes.append(0)
    // Spreadsheet exports often begin with a UTF-8 byte order mark, which would otherwise stick to "t".
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { position = 3 }
  }

  mutating func parse() throws(IMURecordingError) -> (
    samples: [IMURecording.Sample], hasMagnetometer: Bool
  ) {
    guard let headerRange = nextLine() else { throw .empty }
    let header = cells(in: headerRange).map { range in
      Self.trimmed(String(decoding: bytes[range], as: UTF8.self))
    }
    var indices: [Int] = []
    for name in Self.required {
      guard let index = header.firstIndex(of: name) else {
        throw .missingColumn(name: name, header: header)
      }
      indices.append(index)
    }
    let magPresent = Self.magnetometer.map { header.contains($0) }
    let hasMagnetometer = magPresent.contains(true)
    if hasMagnetometer {
      for (name, present) in zip(Self.magnetometer, magPresent) where !present {
        throw .missingColumn(name: name, header: header)
      }
      indices += Self.magnetometer.compactMap { header.firstIndex(of: $0) }
    }
    let names = header
    var samples: [IMURecording.Sample] = []
    samples.reserveCapacity(bytes.count / 100)
    var cellRanges: [Range<Int>] = []
    cellRanges.reserveCapacity(header.count)
    while let range = nextLine() {
      if range.isEmpty { continue }
      cellRanges.removeAll(keepingCapacity: true)
      cellRanges.append(contentsOf: cells(in: range))
      let needed = (indices.max() ?? 0) + 1
      guard cellRanges.count >= needed else {
        throw .missingCells(line: line, expected: header.count, found: cellRanges.count)
      }
      let sample = try makeSample(
        cellRanges, indices: indices, names: names, magnetometer: hasMagnetometer)
      if let previous = samples.last, !(sample.time > previous.time) {
        throw .nonIncreasingTime(line: line, previous: previous.time, current: sample.time)
      }
      samples.append(sample)
    }
    return (samples, hasMagnetometer)
  }

  private func makeSample(
    _ cells: [Range<Int>], indices: [Int], names: [String], magnetometer: Bool
  ) throws(IMURecordingError) -> IMURecording.Sample {
    func value(_ slot: Int) throws(IMURecordingError) -> Double {
      try number(cells[indices[slot]], column: indices[slot], names: names)
    }
    let time = try value(0)
    let gyroscope = SIMD3(try value(1), try value(2), try value(3))
    let accelerometer = SIMD3(try value(4), try value(5), try value(6))
    var mag: SIMD3<Double>?
    if magnetometer {
      let empty = (7...9).map { isBlank(cells[indices[$0]]) }
      if empty.allSatisfy({ !$0 }) {
        mag = SIMD3(try value(7), try value(8), try value(9))
      } else if empty.contains(false) {
        throw .partialMagnetometer(line: line)
      }
    }
    return IMURecording.Sample(
      time: time, gyroscope: gyroscope, accelerometer: accelerometer, magnetometer: mag)
  }

  /// Returns the next line's byte range without its line end, or nil at the end of the input.
  private mutating func nextLine() -> Range<Int>? {
    let end = bytes.count - 1  // the NUL terminator
    guard position < end else { return nil }
    line += 1
    let start = position
    var stop = start
    while stop < end, bytes[stop] != UInt8(ascii: "\n") { stop += 1 }
    position = stop + 1
    if stop > start, bytes[stop - 1] == UInt8(ascii: "\r") { stop -= 1 }
    return start..<stop
  }

  private func cells(in range: Range<Int>) -> [Range<Int>] {
    var result: [Range<Int>] = []
    var start = range.lowerBound
    for index in range where bytes[index] == UInt8(ascii: ",") {
      result.append(start..<index)
      start = index + 1
    }
    result.append(start..<range.upperBound)
    return result
  }

  private func isBlank(_ range: Range<Int>) -> Bool {
    bytes[range].allSatisfy { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
  }

  /// Whether every byte can be part of a decimal number; strtod alone would also accept hexadecimal,
  /// "inf", "nan" and leading spaces.
  private func isDecimal(_ range: Range<Int>) -> Bool {
    for index in range {
      switch bytes[index] {
      case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "."), UInt8(ascii: "-"),
        UInt8(ascii: "+"),
        UInt8(ascii: "e"), UInt8(ascii: "E"):
        continue
      default:
        return false
      }
    }
    return true
  }

  private func number(_ range: Range<Int>, column: Int, names: [String]) throws(IMURecordingError)
    -> Double
  {
    let parsed: Double? = bytes.withUnsafeBufferPointer { buffer in
      guard let base = buffer.baseAddress, !range.isEmpty, isDecimal(range) else { return nil }
      let start = UnsafeRawPointer(base + range.lowerBound).assumingMemoryBound(to: CChar.self)
      var end: UnsafeMutablePointer<CChar>?
      let value = strtod(start, &end)
      guard let end, UnsafeRawPointer(end) == UnsafeRawPointer(base + range.upperBound) else {
        return nil
      }
      return value
    }
    guard let parsed, parsed.isFinite else {
      throw .nonNumericCell(
        line: line, column: column + 1, name: names[column],
        text: String(decoding: bytes[range], as: UTF8.self))
    }
    return parsed
  }

  /// `text` without leading and trailing spaces and tabs.
  static func trimmed(_ text: String) -> String {
    let isBlank: (Character) -> Bool = { $0 == " " || $0 == "\t" }
    guard let first = text.firstIndex(where: { !isBlank($0) }),
      let last = text.lastIndex(where: { !isBlank($0) })
    else { return "" }
    return String(text[first...last])
  }
}
