/// Duration arithmetic for ``ScaledClock`` that saturates instead of trapping: `Duration * Double`
/// converts to a 128-bit integer and traps when the product does not fit.
enum ScaledDuration {
  /// The largest magnitude a result takes, in seconds (just under `Int64.max`, so that converting
  /// it back to whole seconds cannot trap).
  static let limit = 9.2e18

  /// The largest duration a result takes.
  static let maximum = Duration(
    secondsComponent: 9_200_000_000_000_000_000, attosecondsComponent: 0)

  /// `duration × factor`, saturating at ±``maximum``; a NaN product is zero.
  static func scale(_ duration: Duration, by factor: Double) -> Duration {
    let seconds = duration / .seconds(1) * factor
    return fromSeconds(seconds) ?? exact(duration, factor)
  }

  /// `a + b`, saturating at ±``maximum``.
  static func sum(_ a: Duration, _ b: Duration) -> Duration {
    let seconds = a / .seconds(1) + b / .seconds(1)
    guard seconds.magnitude < limit else { return seconds > 0 ? maximum : .zero - maximum }
    return a + b
  }

  /// The duration of `seconds`, clamped; `nil` when it is small enough for exact arithmetic.
  private static func fromSeconds(_ seconds: Double) -> Duration? {
    if seconds.isNaN { return .zero }
    if seconds >= limit { return maximum }
    if seconds <= -limit { return .zero - maximum }
    return nil
  }

  /// The product when it fits: whole seconds and the attoseconds left, each from a Double.
  private static func exact(_ duration: Duration, _ factor: Double) -> Duration {
    if factor == 1 { return duration }
    let (whole, attoseconds) = duration.components
    let scaledWhole = Double(whole) * factor
    let wholePart = scaledWhole.rounded(.towardZero)
    let fraction = (scaledWhole - wholePart) + Double(attoseconds) * 1e-18 * factor
    let fractionWhole = fraction.rounded(.towardZero)
    return Duration(
      secondsComponent: Int64(wholePart) + Int64(fractionWhole),
      attosecondsComponent: Int64((fraction - fractionWhole) * 1e18))
  }
}
