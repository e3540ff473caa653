import Testing

/// The text of an issue recorded by the testing library: its comments, joined.
func text(of issue: Issue) -> String {
  issue.comments.map(\.rawValue).joined(separator: "\n")
}
