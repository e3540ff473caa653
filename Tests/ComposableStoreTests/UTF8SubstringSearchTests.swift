import ComposableStore
import SensorsCore
import Testing

/// The substring search that keeps the regex engine (_StringProcessing) out of static binaries.
@Suite struct UTF8SubstringSearchTests {
  @Test func findsTheFirstOccurrence() throws {
    let text = "/sys/devices/platform/soc/i2c-1/1-0068/iio:device0"
    let range = try #require(text.utf8Range(of: "1-0068"))
    #expect(text[range] == "1-0068")
    #expect(text[..<range.lowerBound] == "/sys/devices/platform/soc/i2c-1/")
    #expect(text.utf8Contains("i2c-1"))
    #expect(!text.utf8Contains("i2c-2"))
  }

  @Test func restartsAfterAPartialMatch() throws {
    let text = "aab aaab"
    let range = try #require(text.utf8Range(of: "aaab"))
    #expect(text[range] == "aaab")
    #expect(text[..<range.lowerBound] == "aab ")
  }

  @Test func edgesAndSubstrings() throws {
    #expect("abc".utf8Range(of: "") == "abc".startIndex..<"abc".startIndex)
    #expect("".utf8Range(of: "a") == nil)
    #expect("ab".utf8Range(of: "abc") == nil)
    let text = "x(unknown context at $1).y"
    let slice = text.dropFirst(2)
    let inner = try #require(slice.utf8Range(of: ")."))
    #expect(text[inner.upperBound...] == "y")
    #expect("naïve café".utf8Contains("café"))
  }

  @Test func fileprivateTypesDumpWithoutTheirUnknownContext() {
    #expect(dumpInline(Hidden(value: 1)) == "Hidden(value: 1)")
  }
}

private struct Hidden {
  var value: Int
}
