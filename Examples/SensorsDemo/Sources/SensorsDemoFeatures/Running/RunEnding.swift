/// How a run of ``FeatureRunner`` ended.
enum RunEnding: Equatable, Sendable {
  /// The feature finished by itself: a `--count` reached, the source ended, or it failed.
  case finished
  /// The `--seconds` limit passed.
  case timeUp
  /// The user pressed q.
  case quit
  /// Nobody reads standard output any more (`sensors-demo | head`).
  case outputClosed
  /// SIGINT or SIGTERM arrived.
  case signal(Int32)
}
