/// A hand-written scanner for `[be|le]:[s|u]bits/storagebits[Xrepeat]>>shift`, over bytes so
/// that hostile text (huge numbers, stray characters) is rejected rather than trapping.
enum ScanTypeGrammar {
  static func parse(_ bytes: [UInt8]) -> IIOScanType? {
    var cursor = 0
    func take(_ byte: UInt8) -> Bool {
      guard cursor < bytes.count, bytes[cursor] == byte else { return false }
      cursor += 1
      return true
    }
    func number() -> Int? {
      var value = 0
      let start = cursor
      while cursor < bytes.count, bytes[cursor] >= 0x30, bytes[cursor] <= 0x39 {
        value = value * 10 + Int(bytes[cursor] - 0x30)
        cursor += 1
        if value > 1_000_000 { return nil }
      }
      return cursor > start ? value : nil
    }
    guard bytes.count >= 3 else { return nil }
    let endianness: IIOScanType.Endianness
    switch (bytes[0], bytes[1]) {
    case (UInt8(ascii: "b"), UInt8(ascii: "e")): endianness = .big
    case (UInt8(ascii: "l"), UInt8(ascii: "e")): endianness = .little
    default: return nil
    }
    cursor = 2
    guard take(UInt8(ascii: ":")) else { return nil }
    let isSigned: Bool
    if take(UInt8(ascii: "s")) {
      isSigned = true
    } else if take(UInt8(ascii: "u")) {
      isSigned = false
    } else {
      return nil
    }
    guard let realBits = number(), take(UInt8(ascii: "/")), let storageBits = number() else {
      return nil
    }
    var repeatCount = 1
    if take(UInt8(ascii: "X")) {
      guard let count = number(), count >= 1, count <= 1024 else { return nil }
      repeatCount = count
    }
    guard take(UInt8(ascii: ">")), take(UInt8(ascii: ">")), let shift = number(),
      cursor == bytes.count
    else {
      return nil
    }
    guard [8, 16, 32, 64].contains(storageBits), realBits >= 1, realBits + shift <= storageBits
    else {
      return nil
    }
    return IIOScanType(
      endianness: endianness, isSigned: isSigned, realBits: realBits, storageBits: storageBits,
      shift: shift, repeatCount: repeatCount)
  }
}
