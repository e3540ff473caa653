/// One row of a WMM coefficient file: the Gauss coefficients of degree `n` and order `m` at the
/// model's epoch, in nT, and their secular variation, in nT per year.
struct GaussCoefficient: Sendable, Equatable {
  var n: Int
  var m: Int
  var g: Double
  var h: Double
  var gDot: Double
  var hDot: Double

  init(_ n: Int, _ m: Int, _ g: Double, _ h: Double, _ gDot: Double, _ hDot: Double) {
    self.n = n
    self.m = m
    self.g = g
    self.h = h
    self.gDot = gDot
    self.hDot = hDot
  }
}
