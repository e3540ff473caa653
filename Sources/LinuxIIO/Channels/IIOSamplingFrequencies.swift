/// The sampling frequencies a device accepts, from a `sampling_frequency_available` attribute.
///
/// The kernel prints either a list of discrete values (`"12.5 25 50 100"`) or a range in
/// brackets, `"[min step max]"`. Frequencies are in hertz.
public enum IIOSamplingFrequencies: Hashable, Sendable {
  /// Discrete values, in the order the driver lists them, Hz.
  case list([Double])
  /// Every `minimum + k × step` up to `maximum`, Hz.
  case range(minimum: Double, step: Double, maximum: Double)

  /// Parses an `_available` attribute.
  ///
  /// - Throws: ``IIOError/malformedAttribute(path:value:expected:)`` for anything else than a
  ///   non-empty list of numbers or a bracketed triple.
  public init(parsing text: String, path: String = "sampling_frequency_available") throws(IIOError)
  {
    let trimmed = text.trimmingASCIIWhitespace()
    if trimmed.hasPrefix("[") {
      let inner = trimmed.dropFirst().prefix { $0 != "]" }
      let numbers = inner.split(whereSeparator: { $0 == " " || $0 == "\t" }).compactMap {
        Double(String($0))
      }
      guard trimmed.hasSuffix("]"), numbers.count == 3, numbers[0] <= numbers[2], numbers[1] >= 0
      else {
        throw .malformedAttribute(
          path: path, value: text, expected: "a range \"[min step max]\" in Hz")
      }
      self = .range(minimum: numbers[0], step: numbers[1], maximum: numbers[2])
      return
    }
    let fields = trimmed.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" })
    let numbers = fields.compactMap { Double(String($0)) }
    guard !fields.isEmpty, numbers.count == fields.count else {
      throw .malformedAttribute(
        path: path, value: text, expected: "a space-separated list of frequencies in Hz")
    }
    self = .list(numbers)
  }

  /// Whether `frequency` (Hz) is one the device accepts.
  public func contains(_ frequency: Double) -> Bool {
    switch self {
    case .list(let values):
      return values.contains { abs($0 - frequency) <= 1e-9 * max(1, abs($0)) }
    case .range(let minimum, let step, let maximum):
      guard frequency >= minimum, frequency <= maximum else { return false }
      guard step > 0 else { return true }
      let k = ((frequency - minimum) / step).rounded()
      return abs(minimum + k * step - frequency) <= 1e-9 * max(1, frequency)
    }
  }

  /// The accepted frequency closest to `frequency` (Hz).
  public func nearest(to frequency: Double) -> Double? {
    switch self {
    case .list(let values):
      return values.min { abs($0 - frequency) < abs($1 - frequency) }
    case .range(let minimum, let step, let maximum):
      let clamped = min(max(frequency, minimum), maximum)
      guard step > 0 else { return clamped }
      return min(minimum + ((clamped - minimum) / step).rounded() * step, maximum)
    }
  }
}
