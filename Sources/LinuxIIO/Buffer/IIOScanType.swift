/// How one scan element is stored in a buffered scan: the content of `in_<channel>_type`.
///
/// The kernel format is `[be|le]:[s|u]bits/storagebits[Xrepeat]>>shift`, for example
/// `le:s16/32>>0` (HID accel_3d), `be:s20/32>>4` (ADXL355) or `le:s16/32X4>>0` (a quaternion).
/// A value is read as `storagebits` in the given byte order, shifted right by `shift`, masked
/// to `bits` and, if signed, sign-extended from bit `bits - 1`. The sign letter may be upper
/// case (`le:S16/16>>0`), as libiio writes it for fully defined channels.
///
/// Every value of this type is valid: both initializers check the fields (storage of 8, 16, 32
/// or 64 bits, `1 ≤ bits`, `bits + shift ≤ storagebits`, `1 ≤ repeat ≤ 1024`) and throw
/// otherwise, and the fields cannot be changed afterwards, so a layout built from them never
/// reads outside a scan.
public struct IIOScanType: Hashable, Sendable, CustomStringConvertible {
  /// Byte order of a stored value.
  public enum Endianness: String, Hashable, Sendable {
    /// Most significant byte first.
    case big = "be"
    /// Least significant byte first.
    case little = "le"
  }

  /// Byte order of a stored value.
  public private(set) var endianness: Endianness
  /// Whether the value is two's complement signed.
  public private(set) var isSigned: Bool
  /// Number of significant bits (1…64).
  public private(set) var realBits: Int
  /// Number of bits the value occupies in the scan: 8, 16, 32 or 64.
  public private(set) var storageBits: Int
  /// Right shift to apply to the stored word before masking.
  public private(set) var shift: Int
  /// How many values of this layout follow one another (1 unless the type says `X<repeat>`).
  public private(set) var repeatCount: Int

  /// Bytes one value occupies in the scan.
  public var storageBytes: Int { storageBits / 8 }
  /// Bytes the element occupies in the scan, all repeats included.
  public var totalBytes: Int { storageBytes * repeatCount }

  /// The largest repeat count accepted (`X1024`): bounds the memory one scan can describe.
  public static let maximumRepeatCount = 1024

  /// Creates a scan type from its fields; use ``init(parsing:path:)`` for sysfs text.
  ///
  /// - Throws: ``IIOError/unknownScanType(path:value:)`` (with `path` as given) when storage is
  ///   not 8, 16, 32 or 64 bits, `realBits` is under 1, `shift` is negative, `realBits + shift`
  ///   exceeds storage, or `repeatCount` is outside 1…``maximumRepeatCount``.
  public init(
    endianness: Endianness, isSigned: Bool, realBits: Int, storageBits: Int, shift: Int = 0,
    repeatCount: Int = 1, path: String = "IIOScanType(endianness:isSigned:realBits:storageBits:)"
  ) throws(IIOError) {
    // Compare without adding first: huge operands must be rejected, not overflow.
    guard [8, 16, 32, 64].contains(storageBits), realBits >= 1, realBits <= storageBits,
      shift >= 0, shift <= storageBits - realBits, repeatCount >= 1,
      repeatCount <= Self.maximumRepeatCount
    else {
      let sign = isSigned ? "s" : "u"
      let repeatText = repeatCount == 1 ? "" : "X\(repeatCount)"
      throw .unknownScanType(
        path: path,
        value: "\(endianness.rawValue):\(sign)\(realBits)/\(storageBits)\(repeatText)>>\(shift)")
    }
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
    guard let fields = ScanTypeGrammar.parse(Array(text.trimmingASCIIWhitespace().utf8)) else {
      throw .unknownScanType(path: path, value: text)
    }
    do {
      try self.init(
        endianness: fields.endianness, isSigned: fields.isSigned, realBits: fields.realBits,
        storageBits: fields.storageBits, shift: fields.shift, repeatCount: fields.repeatCount)
    } catch {
      throw .unknownScanType(path: path, value: text)
    }
  }

  /// Whether values are unsigned and 64 bits wide: the one kind whose values from 2⁶³ up do
  /// not fit `Int64` (the fast ``IIOScanLayout/demux(scans:into:)`` stores their bit pattern).
  public var isUnsigned64: Bool { !isSigned && realBits == 64 }

  /// The kernel's text form, `le:s16/32>>0` or `le:s16/32X4>>0`.
  public var description: String {
    let repeatText = repeatCount > 1 ? "X\(repeatCount)" : ""
    return
      "\(endianness.rawValue):\(isSigned ? "s" : "u")\(realBits)/\(storageBits)\(repeatText)>>\(shift)"
  }
}
