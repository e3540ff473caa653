/// Draws numbers as a one-line bar chart of block characters (`▁▂▃▄▅▆▇█`), scaled from the
/// smallest to the largest value shown.
enum Sparkline {
  private static let bars: [Character] = ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]

  /// The last `width` of `values` as bars; non-finite values are drawn as spaces.
  static func render(_ values: some Collection<Double>, width: Int) -> String {
    let shown = values.suffix(max(0, width)).map { $0 }
    let finite = shown.filter(\.isFinite)
    guard let low = finite.min(), let high = finite.max() else {
      return String(repeating: " ", count: shown.count)
    }
    let span = high - low
    return String(
      shown.map { value -> Character in
        guard value.isFinite else { return " " }
        guard span > 0 else { return bars[bars.count / 2] }
        let level = Int(((value - low) / span * Double(bars.count - 1)).rounded())
        return bars[min(max(level, 0), bars.count - 1)]
      })
  }

  /// The scale of the bars ``render(_:width:)`` draws for the same values: "min … max unit",
  /// each with `decimals` digits, or "—" when nothing finite is shown.
  static func scale(
    _ values: some Collection<Double>, width: Int, decimals: Int = 3, unit: String
  ) -> String {
    let finite = values.suffix(max(0, width)).filter(\.isFinite)
    guard let low = finite.min(), let high = finite.max() else { return "—" }
    return "\(Format.signed(low, decimals)) … \(Format.signed(high, decimals)) \(unit)"
  }

  /// Bars and their scale on one line: `▁▃▇█▅  −0.012 … +0.456 g²`.
  static func labelled(
    _ values: some Collection<Double>, width: Int, decimals: Int = 3, unit: String
  ) -> String {
    render(values, width: width) + "  "
      + scale(values, width: width, decimals: decimals, unit: unit)
  }
}
