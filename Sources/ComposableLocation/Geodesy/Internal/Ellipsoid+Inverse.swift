#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The inverse problem, after Karney (2013) §4–5: canonicalise the points, treat meridional
/// and equatorial lines exactly, and otherwise find the start azimuth by Newton's method on
/// λ12(α1) with a bisection bracket as a safety net. The start value comes from the short-line
/// formula or, for nearly antipodal points, the astroid.
extension Ellipsoid {
  /// Distance (metres) and sines/cosines of the azimuths at both ends.
  struct InverseResult {
    var distance: Double
    var salp1: Double
    var calp1: Double
    var salp2: Double
    var calp2: Double
  }

  /// The point pair in canonical position: lat1 ≤ 0, |lat2| ≤ |lat1|, 0 ≤ lon12 ≤ 180.
  private struct Canonical {
    var sbet1, cbet1, dn1: Double
    var sbet2, cbet2, dn2: Double
    var lam12, slam12, clam12: Double
    var lon12, lon12s: Double
    var isPolar: Bool
    var swapp, lonsign, latsign: Double
  }

  private func canonical(_ lat1: Double, _ lon1: Double, _ lat2: Double, _ lon2: Double)
    -> Canonical
  {
    var (lon12, lon12s) = AngleMath.difference(lon1, lon2)
    var lonsign = Double(signOf: lon12, magnitudeOf: 1)
    lon12 *= lonsign
    lon12s *= lonsign
    let lam12 = lon12 * .pi / 180
    let (slam12, clam12) = AngleMath.sinCos(degrees: lon12, plus: lon12s)
    // The supplementary longitude difference, for the equatorial test.
    lon12s = (180 - lon12) - lon12s

    var lat1 = AngleMath.rounded(abs(lat1) > 90 ? .nan : lat1)
    var lat2 = AngleMath.rounded(abs(lat2) > 90 ? .nan : lat2)
    let swapp: Double = abs(lat1) < abs(lat2) || lat2.isNaN ? -1 : 1
    if swapp < 0 {
      lonsign *= -1
      swap(&lat1, &lat2)
    }
    let latsign = Double(signOf: -lat1, magnitudeOf: 1)
    lat1 *= latsign
    lat2 *= latsign

    var (sbet1, cbet1) = AngleMath.sinCos(degrees: lat1)
    (sbet1, cbet1) = AngleMath.normalized(f1 * sbet1, cbet1)
    cbet1 = max(Self.tiny, cbet1)
    var (sbet2, cbet2) = AngleMath.sinCos(degrees: lat2)
    (sbet2, cbet2) = AngleMath.normalized(f1 * sbet2, cbet2)
    cbet2 = max(Self.tiny, cbet2)
    // Make equal latitudes (or opposite ones) exactly equal after rounding, so the
    // symmetric cases below are recognised.
    if cbet1 < -sbet1 {
      if cbet2 == cbet1 { sbet2 = Double(signOf: sbet2, magnitudeOf: sbet1) }
    } else if abs(sbet2) == -sbet1 {
      cbet2 = cbet1
    }
    return Canonical(
      sbet1: sbet1, cbet1: cbet1, dn1: (1 + ep2 * sbet1 * sbet1).squareRoot(),
      sbet2: sbet2, cbet2: cbet2, dn2: (1 + ep2 * sbet2 * sbet2).squareRoot(),
      lam12: lam12, slam12: slam12, clam12: clam12, lon12: lon12, lon12s: lon12s,
      isPolar: lat1 == -90, swapp: swapp, lonsign: lonsign, latsign: latsign)
  }

  /// Solves the inverse problem between two points given in degrees.
  func inverse(_ lat1: Double, _ lon1: Double, _ lat2: Double, _ lon2: Double) -> InverseResult {
    let p = canonical(lat1, lon1, lat2, lon2)
    var result =
      meridional(p) ?? (p.sbet1 == 0 && (f <= 0 || p.lon12s >= f * 180) ? equatorial(p) : nil)
      ?? general(p)
    // Undo the canonicalisation.
    if p.swapp < 0 {
      swap(&result.salp1, &result.salp2)
      swap(&result.calp1, &result.calp2)
    }
    result.salp1 *= p.swapp * p.lonsign
    result.calp1 *= p.swapp * p.latsign
    result.salp2 *= p.swapp * p.lonsign
    result.calp2 *= p.swapp * p.latsign
    result.distance += 0
    return result
  }

  /// Along a meridian (or from a pole): the azimuth is known, only the length is needed.
  /// Returns nil when the meridian is not the shortest path (it passes a conjugate point).
  private func meridional(_ p: Canonical) -> InverseResult? {
    guard p.isPolar || p.slam12 == 0 else { return nil }
    let calp1 = p.clam12
    let salp1 = p.slam12
    let ssig1 = p.sbet1
    let csig1 = calp1 * p.cbet1
    let ssig2 = p.sbet2
    let csig2 = p.cbet2
    let sig12 = atan2(max(0, csig1 * ssig2 - ssig1 * csig2) + 0, csig1 * csig2 + ssig1 * ssig2)
    var (s12x, m12x, _) = lengths(
      eps: n, sig12: sig12, ssig1: ssig1, csig1: csig1, dn1: p.dn1,
      ssig2: ssig2, csig2: csig2, dn2: p.dn2, distance: true, reduced: true)
    guard sig12 < Self.tol2 || m12x >= 0 else { return nil }
    // Coincident points: rounding must not leave a tiny negative length.
    if sig12 < 3 * Self.tiny || (sig12 < Self.tol0 && (s12x < 0 || m12x < 0)) {
      s12x = 0
      m12x = 0
    }
    return InverseResult(distance: s12x * b, salp1: salp1, calp1: calp1, salp2: 0, calp2: 1)
  }

  /// Both points on the equator and not too far apart: along the equator.
  private func equatorial(_ p: Canonical) -> InverseResult {
    InverseResult(distance: a * p.lam12, salp1: 1, calp1: 0, salp2: 1, calp2: 0)
  }

  private func general(_ p: Canonical) -> InverseResult {
    let start = inverseStart(p)
    if let dnm = start.shortLineScale {
      // Short line: the great circle on a sphere of radius b·dnm is accurate enough.
      return InverseResult(
        distance: start.sig12 * b * dnm, salp1: start.salp1, calp1: start.calp1,
        salp2: start.salp2, calp2: start.calp2)
    }
    var salp1 = start.salp1
    var calp1 = start.calp1
    var iterations = 0
    var tripn = false
    var tripb = false
    // The bracket [α1a, α1b] always contains the root.
    var salp1a = Self.tiny
    var calp1a = 1.0
    var salp1b = Self.tiny
    var calp1b = -1.0
    var c3a = [Double](repeating: 0, count: GeodesicSeries.order)
    var value: Lambda
    while true {
      value = lambda12(
        p, salp1: salp1, calp1: calp1, derivative: iterations < Self.maxit1, c3a: &c3a)
      let v = value.lam12
      if tripb || !(abs(v) >= (tripn ? 8 : 1) * Self.tol0) || iterations == Self.maxit2 {
        break
      }
      if v > 0 && (iterations > Self.maxit1 || calp1 / salp1 > calp1b / salp1b) {
        salp1b = salp1
        calp1b = calp1
      } else if v < 0 && (iterations > Self.maxit1 || calp1 / salp1 < calp1a / salp1a) {
        salp1a = salp1
        calp1a = calp1
      }
      iterations += 1
      if iterations < Self.maxit1 && value.dlam12 > 0 {
        let dalp1 = -v / value.dlam12
        if abs(dalp1) < .pi {
          let sdalp1 = sin(dalp1)
          let cdalp1 = cos(dalp1)
          let nsalp1 = salp1 * cdalp1 + calp1 * sdalp1
          if nsalp1 > 0 {
            (salp1, calp1) = AngleMath.normalized(nsalp1, calp1 * cdalp1 - salp1 * sdalp1)
            tripn = abs(v) <= 16 * Self.tol0
            continue
          }
        }
      }
      // Newton left the bracket or stalled: bisect instead.
      (salp1, calp1) = AngleMath.normalized((salp1a + salp1b) / 2, (calp1a + calp1b) / 2)
      tripn = false
      tripb =
        abs(salp1a - salp1) + (calp1a - calp1) < Self.tolb
        || abs(salp1 - salp1b) + (calp1 - calp1b) < Self.tolb
    }
    let s12x = lengths(
      eps: value.eps, sig12: value.sig12, ssig1: value.ssig1, csig1: value.csig1, dn1: p.dn1,
      ssig2: value.ssig2, csig2: value.csig2, dn2: p.dn2, distance: true, reduced: false
    ).s12b
    return InverseResult(
      distance: s12x * b, salp1: salp1, calp1: calp1, salp2: value.salp2, calp2: value.calp2)
  }

  private struct Start {
    var salp1, calp1: Double
    var salp2 = Double.nan
    var calp2 = Double.nan
    var sig12 = -1.0
    /// Set when the short-line solution is final.
    var shortLineScale: Double?
  }

  /// A starting azimuth for Newton's method (§5): the great circle on a sphere scaled to the
  /// mean latitude for short lines, the astroid for nearly antipodal ones.
  private func inverseStart(_ p: Canonical) -> Start {
    let (sbet1, cbet1, sbet2, cbet2) = (p.sbet1, p.cbet1, p.sbet2, p.cbet2)
    let sbet12 = sbet2 * cbet1 - cbet2 * sbet1
    let cbet12 = cbet2 * cbet1 + sbet2 * sbet1
    var sbet12a = sbet2 * cbet1
    sbet12a += cbet2 * sbet1
    let shortline = cbet12 >= 0 && sbet12 < 0.5 && cbet2 * p.lam12 < 0.5
    var somg12: Double
    var comg12: Double
    var dnm = Double.nan
    if shortline {
      var sbetm2 = AngleMath.squared(sbet1 + sbet2)
      sbetm2 /= sbetm2 + AngleMath.squared(cbet1 + cbet2)
      dnm = (1 + ep2 * sbetm2).squareRoot()
      let omg12 = p.lam12 / (f1 * dnm)
      somg12 = sin(omg12)
      comg12 = cos(omg12)
    } else {
      somg12 = p.slam12
      comg12 = p.clam12
    }
    var salp1 = cbet2 * somg12
    var calp1 =
      comg12 >= 0
      ? sbet12 + cbet2 * sbet1 * somg12 * somg12 / (1 + comg12)
      : sbet12a - cbet2 * sbet1 * somg12 * somg12 / (1 - comg12)
    let ssig12 = hypot(salp1, calp1)
    let csig12 = sbet1 * sbet2 + cbet1 * cbet2 * comg12

    if shortline && ssig12 < etol2 {
      let salp2 = cbet1 * somg12
      let calp2 =
        sbet12 - cbet1 * sbet2 * (comg12 >= 0 ? somg12 * somg12 / (1 + comg12) : 1 - comg12)
      let (s2, c2) = AngleMath.normalized(salp2, calp2)
      let (s1, c1) = AngleMath.normalized(salp1, calp1)
      return Start(
        salp1: s1, calp1: c1, salp2: s2, calp2: c2, sig12: atan2(ssig12, csig12),
        shortLineScale: dnm)
    } else if abs(n) >= 0.1 || csig12 >= 0 || ssig12 >= 6 * abs(n) * .pi * cbet1 * cbet1 {
      // The spherical estimate is good enough to start from.
    } else {
      // Nearly antipodal: scale to the astroid's coordinates (§5, eqs. 53–56).
      let lam12x = atan2(-p.slam12, -p.clam12)
      let x: Double
      let y: Double
      let lamscale: Double
      if f >= 0 {
        let k2 = sbet1 * sbet1 * ep2
        let eps = Self.epsilon(kSquared: k2)
        lamscale = f * cbet1 * a3(eps) * .pi
        let betscale = lamscale * cbet1
        x = lam12x / lamscale
        y = sbet12a / betscale
      } else {
        let cbet12a = cbet2 * cbet1 - sbet2 * sbet1
        let bet12a = atan2(sbet12a, cbet12a)
        let (_, m12b, m0) = lengths(
          eps: n, sig12: .pi + bet12a, ssig1: sbet1, csig1: -cbet1, dn1: p.dn1,
          ssig2: sbet2, csig2: cbet2, dn2: p.dn2, distance: false, reduced: true)
        x = -1 + m12b / (cbet1 * cbet2 * m0 * .pi)
        let betscale = x < -0.01 ? sbet12a / x : -f * cbet1 * cbet1 * .pi
        lamscale = betscale / cbet1
        y = lam12x / lamscale
      }
      if y > -Self.tol1 && x > -1 - Self.xthresh {
        if f >= 0 {
          salp1 = min(1, -x)
          calp1 = -(1 - salp1 * salp1).squareRoot()
        } else {
          calp1 = max(x > -Self.tol1 ? 0 : -1, x)
          salp1 = (1 - calp1 * calp1).squareRoot()
        }
      } else {
        let k = Self.astroid(x, y)
        let omg12a = lamscale * (f >= 0 ? -x * k / (1 + k) : -y * (1 + k) / k)
        somg12 = sin(omg12a)
        comg12 = -cos(omg12a)
        salp1 = cbet2 * somg12
        calp1 = sbet12a - cbet2 * sbet1 * somg12 * somg12 / (1 - comg12)
      }
    }
    if !(salp1 <= 0) {
      (salp1, calp1) = AngleMath.normalized(salp1, calp1)
    } else {
      salp1 = 1
      calp1 = 0
    }
    return Start(salp1: salp1, calp1: calp1)
  }

  private struct Lambda {
    var lam12, salp2, calp2, sig12, ssig1, csig1, ssig2, csig2, eps, dlam12: Double
  }

  /// The longitude error λ12(α1) − λ12 of the geodesic leaving point 1 at α1, and its
  /// derivative (eq. 46) for Newton's method.
  private func lambda12(
    _ p: Canonical, salp1: Double, calp1: Double, derivative: Bool, c3a: inout [Double]
  ) -> Lambda {
    let (sbet1, cbet1, sbet2, cbet2) = (p.sbet1, p.cbet1, p.sbet2, p.cbet2)
    // Break the degeneracy of equatorial lines heading due north/south.
    let calp1 = sbet1 == 0 && calp1 == 0 ? -Self.tiny : calp1
    let salp0 = salp1 * cbet1
    let calp0 = hypot(calp1, salp1 * sbet1)
    let somg1 = salp0 * sbet1
    let comg1 = calp1 * cbet1
    let (ssig1, csig1) = AngleMath.normalized(sbet1, comg1)
    let salp2 = cbet2 != cbet1 ? salp0 / cbet2 : salp1
    let calp2 =
      cbet2 != cbet1 || abs(sbet2) != -sbet1
      ? (AngleMath.squared(calp1 * cbet1)
        + (cbet1 < -sbet1
          ? (cbet2 - cbet1) * (cbet1 + cbet2) : (sbet1 - sbet2) * (sbet1 + sbet2)))
        .squareRoot()
        / cbet2
      : abs(calp1)
    let somg2 = salp0 * sbet2
    let comg2 = calp2 * cbet2
    let (ssig2, csig2) = AngleMath.normalized(sbet2, comg2)
    let sig12 = atan2(max(0, csig1 * ssig2 - ssig1 * csig2) + 0, csig1 * csig2 + ssig1 * ssig2)
    let somg12 = max(0, comg1 * somg2 - somg1 * comg2) + 0
    let comg12 = comg1 * comg2 + somg1 * somg2
    let eta = atan2(
      somg12 * p.clam12 - comg12 * p.slam12, comg12 * p.clam12 + somg12 * p.slam12)
    let k2 = calp0 * calp0 * ep2
    let eps = Self.epsilon(kSquared: k2)
    c3(eps, into: &c3a)
    let b312 =
      GeodesicSeries.clenshaw(sine: true, ssig2, csig2, c3a)
      - GeodesicSeries.clenshaw(sine: true, ssig1, csig1, c3a)
    let domg12 = -f * a3(eps) * salp0 * (sig12 + b312)
    var dlam12 = Double.nan
    if derivative {
      if calp2 == 0 {
        dlam12 = -2 * f1 * p.dn1 / sbet1
      } else {
        dlam12 =
          lengths(
            eps: eps, sig12: sig12, ssig1: ssig1, csig1: csig1, dn1: p.dn1,
            ssig2: ssig2, csig2: csig2, dn2: p.dn2, distance: false, reduced: true
          ).m12b * f1 / (calp2 * cbet2)
      }
    }
    return Lambda(
      lam12: eta + domg12, salp2: salp2, calp2: calp2, sig12: sig12, ssig1: ssig1,
      csig1: csig1, ssig2: ssig2, csig2: csig2, eps: eps, dlam12: dlam12)
  }
}
