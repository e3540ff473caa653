extension Task where Success == Never, Failure == Never {
  /// Suspends until the task is cancelled, then throws `CancellationError`:
  /// swift-concurrency-extras' `Task.never()`, the body of an effect that lives until it is
  /// cancelled (`.run { _ in try await Task.never() }`).
  public static func never() async throws {
    let (stream, continuation) = AsyncStream.makeStream(of: Never.self)
    // Nothing is ever yielded: the iteration ends when the task is cancelled.
    for await _ in stream {}
    continuation.finish()
    throw _Concurrency.CancellationError()
  }
}
