/// A member-name lookup for one report class: a small open-addressing hash table over names packed
/// into two machine words, so finding a member costs a few instructions and no allocation.
///
/// Names longer than 16 bytes, or written with escapes, never match: gpsd sends none, and such members are
/// then skipped like any unknown member.
struct MemberTable<Member: CaseIterable & RawRepresentable & Sendable>: Sendable
where Member.RawValue == String {
  private var lows: [UInt64]
  private var highs: [UInt64]
  private var lengths: [Int]
  private var members: [Int]
  private let cases: [Member]
  private let shift: UInt64
  private let mask: Int

  /// Builds the table from the members' raw values, which are gpsd's JSON member names.
  init() {
    cases = Array(Member.allCases)
    let names = cases.map(\.rawValue)
    var bits = 4
    while (1 << bits) < names.count * 4 { bits += 1 }
    let size = 1 << bits
    lows = Array(repeating: 0, count: size)
    highs = Array(repeating: 0, count: size)
    lengths = Array(repeating: -1, count: size)
    members = Array(repeating: -1, count: size)
    shift = UInt64(64 - bits)
    mask = size - 1
    for (index, name) in names.enumerated() {
      var bytes = Array(name.utf8)
      let length = bytes.count
      // A programmer error in a member enum, never reachable from input.
      precondition(length <= 16, "member names are at most 16 bytes")
      bytes.withUnsafeMutableBufferPointer { buffer in
        guard let start = buffer.baseAddress else { return }
        let (low, high) = Self.pack(UnsafePointer(start), length)
        var slot = Self.hash(low, high, length, shift)
        while lengths[slot] >= 0 { slot = (slot + 1) & mask }
        lows[slot] = low
        highs[slot] = high
        lengths[slot] = length
        members[slot] = index
      }
    }
  }

  @inline(__always)
  private static func pack(_ bytes: UnsafePointer<UInt8>, _ length: Int) -> (UInt64, UInt64) {
    var low: UInt64 = 0
    var high: UInt64 = 0
    for index in 0..<min(length, 8) { low |= UInt64(bytes[index]) << (8 * UInt64(index)) }
    if length > 8 {
      for index in 8..<length { high |= UInt64(bytes[index]) << (8 * UInt64(index - 8)) }
    }
    return (low, high)
  }

  @inline(__always)
  private static func hash(_ low: UInt64, _ high: UInt64, _ length: Int, _ shift: UInt64) -> Int {
    let mixed = (low &* 0x9E37_79B9_7F4A_7C15) ^ (high &* 0xC2B2_AE3D_27D4_EB4F) ^ UInt64(length)
    return Int(truncatingIfNeeded: (mixed &* 0x9E37_79B9_7F4A_7C15) >> shift)
  }

  /// The member a key names, or `nil` for a member this module does not model.
  @inline(__always)
  func lookup(_ key: JSONKey) -> Member? {
    guard key.count <= 16, !key.hasEscapes else { return nil }
    let (low, high) = Self.pack(key.base, key.count)
    var slot = Self.hash(low, high, key.count, shift)
    while true {
      let length = lengths[slot]
      if length < 0 { return nil }
      if length == key.count, lows[slot] == low, highs[slot] == high {
        return cases[members[slot]]
      }
      slot = (slot + 1) & mask
    }
  }
}
