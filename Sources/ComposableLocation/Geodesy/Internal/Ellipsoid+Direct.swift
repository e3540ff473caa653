#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The direct problem, after Karney (2013) §3: find σ from the distance by reverting the
/// series for s(σ) (eq. 20), then latitude, longitude and azimuth at σ1 + σ12.
extension Ellipsoid {
  /// The destination (degrees) and the azimuth there, as sine and cosine.
  struct DirectResult {
    var latitude: Double
    var longitude: Double
    var salp2: Double
    var calp2: Double
  }

  func direct(_ lat1: Double, _ lon1: Double, azimuth azi1: Double, distance s12: Double)
    -> DirectResult
  {
    let (salp1, calp1) = AngleMath.sinCos(degrees: AngleMath.rounded(azi1))
    var (sbet1, cbet1) = AngleMath.sinCos(degrees: AngleMath.rounded(lat1))
    (sbet1, cbet1) = AngleMath.normalized(f1 * sbet1, cbet1)
    cbet1 = max(Self.tiny, cbet1)

    // α0, the azimuth at the northward equator crossing, and σ1, ω1 measured from it.
    let salp0 = salp1 * cbet1
    let calp0 = hypot(calp1, salp1 * sbet1)
    let somg1 = salp0 * sbet1
    let comg1 = sbet1 != 0 || calp1 != 0 ? cbet1 * calp1 : 1
    let (ssig1, csig1) = AngleMath.normalized(sbet1, comg1)
    let k2 = calp0 * calp0 * ep2
    let eps = Self.epsilon(kSquared: k2)

    let a1m1 = GeodesicSeries.a1m1(eps)
    var c1a = [Double](repeating: 0, count: GeodesicSeries.order + 1)
    GeodesicSeries.c1(eps, into: &c1a)
    var c1pa = [Double](repeating: 0, count: GeodesicSeries.order + 1)
    GeodesicSeries.c1p(eps, into: &c1pa)
    var c3a = [Double](repeating: 0, count: GeodesicSeries.order)
    c3(eps, into: &c3a)
    let b11 = GeodesicSeries.clenshaw(sine: true, ssig1, csig1, c1a)
    let stau1 = ssig1 * cos(b11) + csig1 * sin(b11)
    let ctau1 = csig1 * cos(b11) - ssig1 * sin(b11)

    // τ12 = s12 / (b A1), then σ12 by the reverted series.
    var tau12 = s12 / (b * (1 + a1m1))
    if !tau12.isFinite { tau12 = .nan }
    let st = sin(tau12)
    let ct = cos(tau12)
    var b12 = -GeodesicSeries.clenshaw(
      sine: true, stau1 * ct + ctau1 * st, ctau1 * ct - stau1 * st, c1pa)
    var sig12 = tau12 - (b12 - b11)
    var ssig12 = sin(sig12)
    var csig12 = cos(sig12)
    if abs(f) > 0.01 {
      // The reverted series is only accurate for small f: one Newton step on s(σ).
      let ssig2 = ssig1 * csig12 + csig1 * ssig12
      let csig2 = csig1 * csig12 - ssig1 * ssig12
      b12 = GeodesicSeries.clenshaw(sine: true, ssig2, csig2, c1a)
      let serr = (1 + a1m1) * (sig12 + (b12 - b11)) - s12 / b
      sig12 -= serr / (1 + k2 * ssig2 * ssig2).squareRoot()
      ssig12 = sin(sig12)
      csig12 = cos(sig12)
    }
    let ssig2 = ssig1 * csig12 + csig1 * ssig12
    var csig2 = csig1 * csig12 - ssig1 * ssig12
    let sbet2 = calp0 * ssig2
    var cbet2 = hypot(salp0, calp0 * csig2)
    if cbet2 == 0 {
      // At a pole: any small value keeps the azimuth defined.
      cbet2 = Self.tiny
      csig2 = Self.tiny
    }
    let somg2 = salp0 * ssig2
    let comg2 = csig2
    let omg12 = atan2(somg2 * comg1 - comg2 * somg1, comg2 * comg1 + somg2 * somg1)
    let b31 = GeodesicSeries.clenshaw(sine: true, ssig1, csig1, c3a)
    let a3c = -f * salp0 * a3(eps)
    let lam12 =
      omg12 + a3c * (sig12 + (GeodesicSeries.clenshaw(sine: true, ssig2, csig2, c3a) - b31))
    let lon12 = lam12 * 180 / .pi
    return DirectResult(
      latitude: AngleMath.atan2Degrees(sbet2, f1 * cbet2),
      longitude: AngleMath.normalized(
        degrees: AngleMath.normalized(degrees: lon1) + AngleMath.normalized(degrees: lon12)),
      salp2: salp0,
      calp2: calp0 * csig2)
  }
}
