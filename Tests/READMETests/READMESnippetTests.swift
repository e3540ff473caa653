import Foundation
import Testing

/// Keeps README.md honest: every ```swift block in it must appear verbatim in
/// READMEExamples.swift, which the test suite compiles and runs.
@Suite("README snippets")
struct READMESnippetTests {
  static let testsDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
  static let readme = testsDirectory.deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("README.md")
  static let examples = testsDirectory.appendingPathComponent("READMEExamples.swift")

  /// The contents of the README's ```swift blocks, in order.
  static func swiftBlocks(in markdown: String) -> [String] {
    var blocks: [String] = []
    var current: [Substring]?
    for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
      let trimmed = line.drop { $0 == " " }
      if current == nil, trimmed.hasPrefix("```swift") {
        current = []
      } else if current != nil, trimmed.hasPrefix("```") {
        blocks.append(current?.joined(separator: "\n") ?? "")
        current = nil
      } else {
        current?.append(line)
      }
    }
    return blocks
  }

  @Test("every ```swift block of README.md is compiled by READMEExamples.swift")
  func everyBlockIsCompiled() throws {
    let markdown = try String(contentsOf: Self.readme, encoding: .utf8)
    let compiled = try String(contentsOf: Self.examples, encoding: .utf8)
    let blocks = Self.swiftBlocks(in: markdown)
    #expect(blocks.count >= 8, "the README walkthrough has its code blocks")
    for (index, block) in blocks.enumerated() {
      #expect(
        compiled.contains(block),
        "README.md Swift block \(index + 1) is not in READMEExamples.swift verbatim:\n\(block)")
    }
  }

  @Test("the block extractor finds fenced Swift blocks and only those")
  func extractor() {
    let markdown = "text\n```swift\nlet a = 1\n```\n```sh\nls\n```\n  ```swift\n  b()\n  ```\n"
    #expect(Self.swiftBlocks(in: markdown) == ["let a = 1", "  b()"])
  }
}
