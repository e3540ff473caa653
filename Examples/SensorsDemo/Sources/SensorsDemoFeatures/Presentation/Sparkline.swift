/// Draws numbers as a one-line bar chart of block characters (`▁▂▃▄▅▆▇█`), scaled from the
/// smallest to the largest value shown.
public enum Sparkline {
  private static let bars: [Character] = ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]

  /// The last `width` of `values` as bars; non-finite values are drawn as spaces.
  public static func render(_ values: some Collection<Double>, width: Int) -> String {
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
}
