/// Where each enabled element sits in one buffered scan, and how to pull values out of it.
///
/// The layout follows the kernel's `iio_compute_scan_bytes`: elements appear in increasing
/// scan index; each starts at an offset aligned to its own size (storage bytes × repeat); the
/// whole scan is padded to a multiple of its largest element, so a 64-bit timestamp is always
/// 8-aligned. For the HID accel_3d (three `le:s16/32` and a `le:s64` timestamp) that is offsets
/// 0, 4, 8, 16 and 24 bytes per scan.
public struct IIOScanLayout: Hashable, Sendable {
  /// One element's place in the scan.
  public struct Element: Hashable, Sendable {
    /// The channel the element belongs to.
    public var channel: IIOChannelID
    /// The element's scan index.
    public var index: Int
    /// How the element is stored.
    public var type: IIOScanType
    /// Byte offset of the element's first value in the scan.
    public var offset: Int
  }

  /// The elements in scan order.
  public let elements: [Element]
  /// Bytes per scan, padding included.
  public let scanSize: Int
  /// Values one scan yields: one per element, or `repeat` for repeated elements.
  public let valueCount: Int

  let program: DemuxProgram

  /// Computes the layout of the given enabled elements, in any order.
  ///
  /// - Throws: ``IIOError/unknownScanType(path:value:)`` if two elements share a scan index.
  public init(elements enabled: [(channel: IIOChannelID, element: IIOScanElement)]) throws(IIOError)
  {
    let sorted = enabled.sorted { $0.element.index < $1.element.index }
    var offset = 0
    var largest = 1
    var elements: [Element] = []
    var previousIndex: Int?
    for (channel, element) in sorted {
      if previousIndex == element.index {
        throw .unknownScanType(
          path: element.directory + "/" + channel.rawValue + "_index",
          value: "duplicate index \(element.index)")
      }
      previousIndex = element.index
      let length = element.type.totalBytes
      offset = Self.align(offset, to: length)
      elements.append(
        Element(channel: channel, index: element.index, type: element.type, offset: offset))
      offset += length
      largest = max(largest, length)
    }
    self.elements = elements
    self.scanSize = Self.align(offset, to: largest)
    self.program = DemuxProgram(elements: elements)
    self.valueCount = program.valueCount
  }

  /// The kernel's `ALIGN(x, a)`, exact even for the odd sizes a repeat can produce.
  static func align(_ value: Int, to alignment: Int) -> Int {
    guard alignment > 1 else { return value }
    return (value + alignment - 1) & ~(alignment - 1)
  }

  /// Extracts every value of one scan, masked and sign-extended, into `values`.
  ///
  /// Values of an unsigned 64-bit element (``IIOScanType/isUnsigned64``) are stored as their
  /// bit pattern: read them back with `UInt64(bitPattern:)`, or use ``demux(_:)``, which
  /// returns every value exactly.
  ///
  /// - Parameters:
  ///   - scan: exactly one scan (at least ``scanSize`` bytes; extra bytes are ignored).
  ///   - values: room for at least ``valueCount`` values, in element order.
  /// - Returns: false (and writes nothing) when `scan` or `values` is too short.
  @discardableResult
  public func demux(_ scan: UnsafeRawBufferPointer, into values: UnsafeMutableBufferPointer<Int64>)
    -> Bool
  {
    demux(scans: scan, into: values) == 1
  }

  /// Extracts the values of consecutive scans, as a buffered read returns them: scan `k`'s
  /// values land at `values[k × valueCount ..< (k + 1) × valueCount]`. Unsigned 64-bit values
  /// are stored as their bit pattern, as in ``demux(_:into:)``.
  ///
  /// - Returns: how many whole scans were demultiplexed: as many as both `bytes` and
  ///   `values` have room for.
  @discardableResult
  public func demux(
    scans bytes: UnsafeRawBufferPointer, into values: UnsafeMutableBufferPointer<Int64>
  ) -> Int {
    guard scanSize > 0, valueCount > 0, let input = bytes.baseAddress,
      let output = values.baseAddress
    else {
      return 0
    }
    let count = min(bytes.count / scanSize, values.count / valueCount)
    program.run(
      input: input, scanSize: scanSize, output: output, valueCount: valueCount, scans: count)
    return count
  }

  /// Extracts every value of one scan into a new array, each exactly (unsigned 64-bit values
  /// of 2⁶³ and above included, hence `Int128`); convenient, but allocates.
  ///
  /// - Returns: nil when `scan` is shorter than ``scanSize``.
  public func demux(_ scan: [UInt8]) -> [Int128]? {
    var values = [Int64](repeating: 0, count: valueCount)
    let ok = scan.withUnsafeBytes { bytes in
      values.withUnsafeMutableBufferPointer { demux(bytes, into: $0) }
    }
    guard ok else { return nil }
    var exact = values.map { Int128($0) }
    for position in unsigned64Positions {
      exact[position] = Int128(UInt64(bitPattern: values[position]))
    }
    return exact
  }

  /// Positions, among one scan's values, of unsigned 64-bit values (stored as bit patterns).
  var unsigned64Positions: [Int] {
    var positions: [Int] = []
    var position = 0
    for element in elements {
      for _ in 0..<element.type.repeatCount {
        if element.type.isUnsigned64 { positions.append(position) }
        position += 1
      }
    }
    return positions
  }
}
