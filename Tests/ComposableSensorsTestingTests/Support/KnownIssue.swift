import SensorsTestKit
import Synchronization
import Testing

/// The text of an issue recorded by the testing library: its comments, joined.
func text(of issue: Issue) -> String {
  issue.comments.map(\.rawValue).joined(separator: "\n")
}

/// Runs `body` and returns the text of every known issue (skipped assertion) the testing library
/// reported in it, in order. They are recorded as known issues as well, so the test passes.
func knownIssues(during body: () async -> Void) async -> [String] {
  let texts = Texts()
  await KnownIssueObserver.$current.withValue({ texts.append($0) }, operation: body)
  return texts.all
}

private final class Texts: Sendable {
  private let storage = Mutex<[String]>([])
  func append(_ text: String) { storage.withLock { $0.append(text) } }
  var all: [String] { storage.withLock { $0 } }
}
