/// The Cholesky factorization M = L Lᵀ of a symmetric positive definite matrix of at most 15 rows, in
/// fixed-size inline storage: the calibration's least squares solves one at every fit, and heap arrays
/// (or copying a 15 × 15 square, of which only a triangle is ever read) made each fit cost as much as a
/// few hundred filter updates.
///
/// Only the lower triangle is stored, packed by rows: entry (i, j), j ≤ i, at i(i + 1)/2 + j. Fill
/// ``entries`` with M's lower triangle, then call ``factor()``; afterwards they hold L.
struct PackedCholesky {
  /// The most rows.
  static let capacity = 15
  /// The number of rows, 1…``capacity``.
  let count: Int
  /// M's lower triangle before ``factor()``, L's after, packed by rows.
  var entries = InlineArray<120, Double>(repeating: 0)

  /// A zero matrix of `count` rows, clamped to 1…``capacity``.
  init(count: Int) {
    self.count = min(max(count, 1), Self.capacity)
  }

  /// Where row i starts in ``entries``.
  @inline(__always)
  static func rowStart(_ i: Int) -> Int { i &* (i &+ 1) / 2 }

  /// Replaces M by L (the lower triangle with M = L Lᵀ); `false` if M is not positive definite (or not
  /// finite), leaving the entries undefined. Column by column, each entry's products summed in order of
  /// k (Cholesky–Banachiewicz order, as a textbook writes it).
  mutating func factor() -> Bool {
    let n = count
    var l = entries.mutableSpan
    // Every index is below rowStart(n) ≤ 120. Row starts advance by the row's length (no multiply).
    var rowJ = 0
    for j in 0..<n {
      var diagonal = l[unchecked: rowJ &+ j]
      for k in 0..<j { diagonal -= l[unchecked: rowJ &+ k] * l[unchecked: rowJ &+ k] }
      guard diagonal > 0, diagonal.isFinite else { return false }
      let root = diagonal.squareRoot()
      l[unchecked: rowJ &+ j] = root
      var rowI = rowJ &+ j &+ 1
      for i in (j + 1)..<n {
        var value = l[unchecked: rowI &+ j]
        for k in 0..<j { value -= l[unchecked: rowI &+ k] * l[unchecked: rowJ &+ k] }
        l[unchecked: rowI &+ j] = value / root
        rowI &+= i &+ 1
      }
      rowJ &+= j &+ 1
    }
    return true
  }

  /// Solves L y = b (the first ``count`` entries of `b`; the rest are returned as they are) with the
  /// factor from ``factor()``: forward substitution. |y|² = bᵀ M⁻¹ b, M's quadratic form of its
  /// inverse, without the back substitution.
  func forward(_ b: InlineArray<15, Double>) -> InlineArray<15, Double> {
    let n = count
    var result = b
    var x = result.mutableSpan
    let l = entries.span
    var rowI = 0
    for i in 0..<n {
      var value = x[unchecked: i]
      for k in 0..<i { value -= l[unchecked: rowI &+ k] * x[unchecked: k] }
      x[unchecked: i] = value / l[unchecked: rowI &+ i]
      rowI &+= i &+ 1
    }
    return result
  }

  /// Solves L Lᵀ x = b (the first ``count`` entries of `b`; the rest are returned as they are) with
  /// the factor from ``factor()``: forward substitution, then back substitution.
  func solve(_ b: InlineArray<15, Double>) -> InlineArray<15, Double> {
    let n = count
    var result = forward(b)
    var x = result.mutableSpan
    let l = entries.span
    // rowStart(n) is the end of the last row; walk the rows back up.
    var rowI = Self.rowStart(n)
    for i in stride(from: n - 1, through: 0, by: -1) {
      rowI &-= i &+ 1
      var value = x[unchecked: i]
      var rowK = rowI &+ i &+ 1
      for k in (i + 1)..<n {
        value -= l[unchecked: rowK &+ i] * x[unchecked: k]
        rowK &+= k &+ 1
      }
      x[unchecked: i] = value / l[unchecked: rowI &+ i]
    }
    return result
  }
}
