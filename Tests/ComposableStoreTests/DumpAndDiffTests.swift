import ComposableStore
import Testing

@Suite struct DumpAndDiffTests {
  struct Fix: Equatable {
    enum Mode: Equatable {
      case noFix, twoD
      case threeD(satellites: Int)
    }
    var mode: Mode
    var latitude: Double?
    var tags: Set<String>
    var extras: [String: Int]
  }

  @Test func dumpShowsOnePropertyPerLine() {
    let fix = Fix(mode: .threeD(satellites: 9), latitude: nil, tags: ["rtk", "dgps"], extras: [:])
    #expect(
      dumpLines(fix) == [
        "DumpAndDiffTests.Fix(",
        "  mode: .threeD(satellites: 9),",
        "  latitude: nil,",
        "  tags: [",
        "    \"dgps\",",
        "    \"rtk\"",
        "  ],",
        "  extras: [:]",
        ")",
      ])
  }

  @Test func dumpSortsDictionariesSoEqualValuesDumpAlike() {
    #expect(dumpLines(["b": 2, "a": 1]) == ["[", "  \"a\": 1,", "  \"b\": 2", "]"])
  }

  @Test func inlineDumpForActions() {
    #expect(dumpInline(Fix.Mode.noFix) == ".noFix")
    #expect(dumpInline(Fix.Mode.threeD(satellites: 4)) == ".threeD(satellites: 4)")
  }

  @Test func diffMarksRemovedThenInsertedLines() {
    let diff = lineDiff(
      expected: ["(", "  a: 1,", "  b: 2", ")"], actual: ["(", "  a: 1,", "  b: 3", ")"])
    #expect(diff == "  (\n    a: 1,\n−   b: 2\n+   b: 3\n  )")
  }

  @Test func diffFoldsLongUnchangedRuns() {
    let expected = (0..<20).map { "line \($0)" }
    var actual = expected
    actual[10] = "changed"
    let diff = lineDiff(expected: expected, actual: actual) ?? ""
    #expect(diff.contains("  … (8 unchanged)"))
    #expect(diff.contains("− line 10\n+ changed"))
    #expect(!diff.contains("line 3\n"))
  }

  @Test func equalDumpsHaveNoDiff() {
    #expect(lineDiff(expected: ["x"], actual: ["x"]) == nil)
  }
}
