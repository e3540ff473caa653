// Substring search on UTF-8 code units. The standard library's `contains(_:)`, `firstRange(of:)`
// and `split(separator:)` taking a string live in _StringProcessing, whose regex engine then
// links into every static binary (about 0.8 MB of code); these need none of it.

extension StringProtocol {
  /// The first range where `needle` occurs, comparing UTF-8 code units (so `"é"` as one scalar
  /// and as `e` plus a combining accent differ), or nil. An empty `needle` matches at the start.
  package func utf8Range(of needle: some StringProtocol) -> Range<Index>? {
    let pattern = Array(needle.utf8)
    guard let first = pattern.first else { return startIndex..<startIndex }
    var start = utf8.startIndex
    while let candidate = utf8[start...].firstIndex(of: first) {
      var here = candidate
      var matched = 0
      while matched < pattern.count, here != utf8.endIndex, utf8[here] == pattern[matched] {
        matched += 1
        here = utf8.index(after: here)
      }
      if matched == pattern.count { return candidate..<here }
      start = utf8.index(after: candidate)
    }
    return nil
  }

  /// Whether `needle` occurs in the string, comparing UTF-8 code units.
  package func utf8Contains(_ needle: some StringProtocol) -> Bool {
    utf8Range(of: needle) != nil
  }
}
