/// A hand-written scanner for `[be|le]:[s|S|u|U]bits/storagebits[Xrepeat]>>shift`, over bytes
/// so that hostile text (huge numbers, stray characters) is rejected rather than trapping. It
/// checks the syntax only; ``IIOScanType``'s initializer checks the values.
enum ScanTypeGrammar {
  struct Fields {
    var endianness: IIOScanType.Endianness
    var isSigned: Bool
    var realBits: Int
    var storageBits: Int
    var shift: Int
    var repeatCount: Int
  }

  static func parse(_ bytes: [UInt8]) -> Fields? {
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
    // libiio writes S and U for fully defined channels; the kernel writes s and u.
    if take(UInt8(ascii: "s")) || take(UInt8(ascii: "S")) {
      isSigned = true
    } else if take(UInt8(ascii: "u")) || take(UInt8(ascii: "U")) {
      isSigned = false
    } else {
      return nil
    }
    guard let realBits = number(), take(UInt8(ascii: "/")), let storageBits = number() else {
      return nil
    }
    var repeatCount = 1
    if take(UInt8(ascii: "X")) {
      guard let count = number() else { return nil }
      repeatCount = count
    }
    guard take(UInt8(ascii: ">")), take(UInt8(ascii: ">")), let shift = number(),
      cursor == bytes.count
    else {
      return nil
    }
    return Fields(
      endianness: endianness, isSigned: isSigned, realBits: realBits, storageBits: storageBits,
      shift: shift, repeatCount: repeatCount)
  }
}
