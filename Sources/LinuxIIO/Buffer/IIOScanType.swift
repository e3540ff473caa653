/// How one scan element is stored in a buffered scan: the content of `in_<channel>_type`.
///
/// The kernel format is `[be|le]:[s|u]bits/storagebits[Xrepeat]>>shift`, for example
/// `le:s16/32>>0` (HID accel_3d), `be:s20/32>>4` (ADXL355) or `le:s16/32X4>>0` (a quaternion).
/// A value is read as `storagebits` in the given byte order, shifted right by `shift`, masked
/// to `bits` and, if signed, sign-extended from bit `bits - 1`.
public struct IIOScanType: Hashable, Sendable, CustomStringConvertible {
  /// Byte order of a stored value.
  public enum Endianness: String, Hashable, Sendable {
    /// Most significant byte first.
    case big = "be"
    /// Least significant byte first.
    case little = "le"
  }

  /// Byte order of a stored value.
  public var endianness: Endianness
  /// Whether the value is two's complement signed.
  public var isSigned: Bool
  /// Number of significant bits (1…64).
  public var realBits: Int
  /// Number of bits the value occupies in the scan: 8, 16, 32 or 64.
  public var storageBits: Int
  /// Right shift to apply to the stored word before masking.
  public var shift: Int
  /// How many values of this layout follow one another (1 unless the type says `X<repeat>`).
  public var repeatCount: Int

  /// Bytes one value occupies in the scan.
  public var storageBytes: Int { storageBits / 8 }
  /// Bytes the element occupies in the scan, all repeats included.
  public var totalBytes: Int { storageBytes * repeatCount }

  /// Creates a scan type from its fields; use ``init(parsing:path:)`` for sysfs text.
  public init(
    endianness: Endianness, isSigned: Bool, realBits: Int, storageBits: Int, shift: Int = 0,
    repeatCount: Int = 1
  ) {
    self.endianness = endianness
    self.isSigned = isSigned
    self.realBits = realBits
    self.storageBits = storageBits
    self.shift = shift
    self.repeatCount = repeatCount
  }

  /// Parses the kernel's text form.
  ///
  /// - Throws: ``IIOError/unknownScanType(path:value:)`` when the text does not follow the
  ///   format, or when storage is not 8, 16, 32 or 64 bits, bits exceed storage, or bits plus
  ///   shift exceed storage.
  public init(parsing text: String, path: String = "scan_elements/_type") throws(IIOError) {
    guard let parsed = ScanTypeGrammar.parse(Array(text.trimmingASCIIWhitespace().utf8)) else {
      throw .unknownScanType(path: path, value: text)
    }
    self = parsed
  }

  /// The kernel's text form, `le:s16/32>>0` or `le:s16/32X4>>0`.
  public var description: String {
    let repeatText = repeatCount > 1 ? "X\(repeatCount)" : ""
    return
      "\(endianness.rawValue):\(isSigned ? "s" : "u")\(realBits)/\(storageBits)\(repeatText)>>\(shift)"
  }
}
