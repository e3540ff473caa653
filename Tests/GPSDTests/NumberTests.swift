import GPSD
import Testing

/// Numbers decode to the correctly rounded double, the same as the standard library's parser gives.
@Suite struct NumberTests {
  func decodeLatitude(_ text: String) throws -> Double? {
    guard
      case .tpv(let tpv) = try GPSDReport.decode(#"{"class":"TPV","mode":3,"lat":"# + text + "}")
    else {
      return nil
    }
    return tpv.lat
  }

  @Test(arguments: [
    "0", "-0", "1", "-93.750571901", "41.574965910", "0.005", "278.1610", "1e3", "1E-3", "2.5e+2",
    "-0.0e0",
    "123456789012345678", "1234567890123456789012", "0.1234567890123456789", "4.9e-324",
    "2.2250738585072014e-308",
    "1.7976931348623157e308", "9007199254740993", "0.30000000000000004", "1e22", "1e23", "1e-22",
    "1e-23",
  ])
  func edgeCases(text: String) throws {
    #expect(try decodeLatitude(text) == Double(text))
  }

  @Test func randomDecimalsMatchTheStandardLibrary() throws {
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<20_000 {
      let integer = UInt64.random(in: 0...999_999_999_999, using: &generator)
      let fractionDigits = Int.random(in: 0...12, using: &generator)
      var text = String(integer)
      if fractionDigits > 0 {
        text +=
          "." + String((0..<fractionDigits).map { _ in Character(String(Int.random(in: 0...9))) })
      }
      if Bool.random() { text += "e" + String(Int.random(in: -40...40)) }
      if Bool.random() { text = "-" + text }
      #expect(try decodeLatitude(text) == Double(text), "\(text)")
    }
  }

  @Test(arguments: ["01", "1.", ".5", "1e", "1e+", "+1", "--1", "0x10", "NaN", "Infinity", "1.2.3"])
  func malformedNumbersAreRefused(text: String) {
    #expect(throws: GPSDDecodingError.self) { try decodeLatitude(text) }
  }
}
