import SensorsCore

/// Runs `body` on a thread of its own, outside any task (as a buffered reader's thread is),
/// and returns its result.
func onOwnThread<Result: Sendable>(_ body: @escaping @Sendable () -> Result) async throws -> Result
{
  try await withCheckedThrowingContinuation { continuation in
    let failure = DetachedThread.start(name: "test reader") {
      continuation.resume(returning: body())
    }
    if let failure { continuation.resume(throwing: ThreadNotStarted(code: failure)) }
  }
}

/// The thread for ``onOwnThread(_:)`` could not start.
struct ThreadNotStarted: Error { let code: Int32 }
