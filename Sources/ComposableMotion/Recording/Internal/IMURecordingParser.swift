#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Turns CSV lines into samples, one line at a time, so a caller can stream a file of any size:
/// the header fixes the column positions, then each row becomes one ``IMURecording/Sample``.
///
/// Cells are split on commas without Foundation's CSV machinery: a recording can hold millions of
/// rows and only a handful of columns are needed from each.
struct IMURecordingParser {
  /// The longest cell text read as a number; longer cells cannot be a plain decimal we accept.
  private static let maximumNumberLength = 64
  /// The most of a bad cell quoted in an error, in characters.
  static let excerptLength = 40

  /// The sensors the header has columns for.
  let sensors: IMURecording.Sensors
  private let names: [String]
  private let timeIndex: Int
  /// Per sensor in file order (gyroscope, accelerometer, magnetometer): its three column
  /// indices, or nil when the header has no columns for it.
  private let groups: [[Int]?]
  private let needed: Int
  private var previousTime: Double?
  private var cells: [Range<Int>] = []

  /// Whether the header has magnetometer columns.
  var hasMagnetometer: Bool { sensors.contains(.magnetometer) }

  /// Reads the header line (line 1); a leading UTF-8 byte order mark is skipped.
  init(header: UnsafeBufferPointer<UInt8>) throws(IMURecordingError) {
    var line = header
    if line.starts(with: [0xEF, 0xBB, 0xBF]) { line = UnsafeBufferPointer(rebasing: line[3...]) }
    let header = Self.split(line).map { range in
      Self.trimmed(String(decoding: UnsafeBufferPointer(rebasing: line[range]), as: UTF8.self))
    }
    guard let timeIndex = header.firstIndex(of: "t") else {
      throw .missingColumn(name: "t", header: Self.headerExcerpt(header))
    }
    var sensors: IMURecording.Sensors = []
    var groups: [[Int]?] = []
    for group in IMURecording.Sensors.groups {
      let indices = group.columns.map { header.firstIndex(of: $0) }
      guard indices.contains(where: { $0 != nil }) else {
        groups.append(nil)
        continue
      }
      // A sensor's columns come as three or not at all.
      for (name, index) in zip(group.columns, indices) where index == nil {
        throw .missingColumn(name: name, header: Self.headerExcerpt(header))
      }
      sensors.insert(group.sensor)
      groups.append(indices.compactMap { $0 })
    }
    guard !sensors.isEmpty else {
      // The accelerometer is the least a recording can hold.
      throw .missingColumn(name: "acc_x", header: Self.headerExcerpt(header))
    }
    self.sensors = sensors
    self.names = header
    self.timeIndex = timeIndex
    self.groups = groups
    self.needed = max(timeIndex, groups.compactMap { $0?.max() }.max() ?? 0) + 1
  }

  /// The sample on data line `line` (1-based, counting the header), or nil for an empty line.
  mutating func sample(
    from bytes: UnsafeBufferPointer<UInt8>, line: Int
  ) throws(IMURecordingError) -> IMURecording.Sample? {
    if bytes.isEmpty { return nil }
    cells.removeAll(keepingCapacity: true)
    cells.append(contentsOf: Self.split(bytes))
    guard cells.count >= needed else {
      throw .missingCells(line: line, expected: names.count, found: cells.count)
    }
    let time = try Self.number(bytes, cells[timeIndex], line: line, column: timeIndex, names: names)
    var values: [SIMD3<Double>?] = []
    for (group, indices) in zip(IMURecording.Sensors.groups, groups) {
      values.append(try vector(indices, of: group.sensor, in: bytes, line: line))
    }
    guard values.contains(where: { $0 != nil }) else { throw .emptyRow(line: line) }
    if let previousTime, !(time > previousTime) {
      throw .nonIncreasingTime(line: line, previous: previousTime, current: time)
    }
    previousTime = time
    return IMURecording.Sample(
      time: time, gyroscope: values[0], accelerometer: values[1], magnetometer: values[2])
  }

  /// One sensor's three cells: nil when the header has no columns for it or all three are
  /// blank, a vector when all three are numbers.
  private func vector(
    _ indices: [Int]?, of sensor: IMURecording.Sensors, in bytes: UnsafeBufferPointer<UInt8>,
    line: Int
  ) throws(IMURecordingError) -> SIMD3<Double>? {
    guard let indices else { return nil }
    let blank = indices.map { Self.isBlank(bytes, cells[$0]) }
    if blank.allSatisfy({ $0 }) { return nil }
    guard !blank.contains(true) else { throw .partialSensor(line: line, sensor: sensor) }
    var vector = SIMD3<Double>()
    for (axis, column) in indices.enumerated() {
      vector[axis] = try Self.number(bytes, cells[column], line: line, column: column, names: names)
    }
    return vector
  }

  private static func split(_ bytes: UnsafeBufferPointer<UInt8>) -> [Range<Int>] {
    var result: [Range<Int>] = []
    var start = 0
    for index in 0..<bytes.count where bytes[index] == UInt8(ascii: ",") {
      result.append(start..<index)
      start = index + 1
    }
    result.append(start..<bytes.count)
    return result
  }

  private static func isBlank(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
    bytes[range].allSatisfy { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
  }

  /// Whether every byte can be part of a decimal number; strtod alone would also accept
  /// hexadecimal, "inf", "nan" and leading spaces.
  private static func isDecimal(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> Bool {
    for byte in bytes {
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "."), UInt8(ascii: "-"),
        UInt8(ascii: "+"), UInt8(ascii: "e"), UInt8(ascii: "E"):
        continue
      default:
        return false
      }
    }
    return true
  }

  private static func number(
    _ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, line: Int, column: Int,
    names: [String]
  ) throws(IMURecordingError) -> Double {
    let cell = bytes[range]
    var parsed: Double?
    if !cell.isEmpty, cell.count <= maximumNumberLength, isDecimal(cell) {
      // strtod needs a terminating NUL: copy the short cell into a scratch buffer.
      parsed = withUnsafeTemporaryAllocation(of: CChar.self, capacity: cell.count + 1) { scratch in
        for (offset, byte) in cell.enumerated() { scratch[offset] = CChar(bitPattern: byte) }
        scratch[cell.count] = 0
        var end: UnsafeMutablePointer<CChar>?
        let value = strtod(scratch.baseAddress!, &end)
        guard let end, end == scratch.baseAddress! + cell.count else { return nil }
        return value
      }
    }
    guard let parsed, parsed.isFinite else {
      throw .nonNumericCell(
        line: line, column: column + 1, name: excerpt(names[column]),
        text: excerpt(String(decoding: UnsafeBufferPointer(rebasing: cell), as: UTF8.self)))
    }
    return parsed
  }

  /// The header as an error quotes it: at most 12 names, each an excerpt, then how many more.
  static func headerExcerpt(_ header: [String]) -> [String] {
    let shown = header.prefix(12).map { excerpt($0) }
    return header.count > 12 ? shown + ["… \(header.count - 12) more"] : shown
  }

  /// At most ``excerptLength`` characters of `text`, with "…" when cut: an error never carries a
  /// 200 MB cell back to the caller.
  static func excerpt(_ text: String) -> String {
    guard text.count > excerptLength else { return text }
    return String(text.prefix(excerptLength)) + "…"
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
