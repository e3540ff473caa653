import SensorsCore

/// Starts work that the caller does not wait for live, but that a test waits for:
/// the `\.fireAndForget` dependency (swift-dependencies' `FireAndForget`).
///
/// ```swift
/// @Dependency(\.fireAndForget) var fireAndForget
/// …
/// await fireAndForget {
///   try await analytics.track("calibrated")
/// }
/// ```
///
/// Live, the operation runs in a new task and the call returns at once; in tests (and previews)
/// the call returns when the operation has finished, so a test sees its effects without waiting.
/// Either way the operation keeps the caller's dependencies, is not cancelled with the caller,
/// and an error it throws is reported (a runtime warning live, a test failure in a test), not
/// dropped.
public struct FireAndForget: Sendable {
  /// Runs an operation with a priority: the whole behaviour of the dependency.
  public let operation:
    @Sendable (_ priority: TaskPriority?, _ operation: @escaping @Sendable () async throws -> Void)
      async -> Void

  /// A fire-and-forget made of `operation`, for a custom test double.
  public init(
    _ operation:
      @escaping @Sendable (
        _ priority: TaskPriority?, _ operation: @escaping @Sendable () async throws -> Void
      ) async -> Void
  ) {
    self.operation = operation
  }

  /// Runs `operation`: in the background live, to its end in tests.
  ///
  /// - Parameters:
  ///   - priority: The priority of the task that runs `operation`.
  ///   - operation: The work; an error it throws is reported.
  public func callAsFunction(
    priority: TaskPriority? = nil,
    _ operation: @escaping @Sendable () async throws -> Void
  ) async {
    await self.operation(priority, operation)
  }
}

extension DependencyValues {
  /// Work the caller does not wait for live, and a test waits for.
  public var fireAndForget: FireAndForget {
    self[FireAndForgetKey.self]
  }
}

private enum FireAndForgetKey: DependencyKey {
  static let liveValue = FireAndForget { priority, operation in
    Task.inheritingExecutor(priority: priority) { await reportingErrors(of: operation) }
  }
  static let testValue = FireAndForget { priority, operation in
    // A task of its own, so that cancelling the caller does not cancel the operation.
    await Task.inheritingExecutor(priority: priority) { await reportingErrors(of: operation) }
      .value
  }
}

/// Runs `operation` and reports an error it throws, with where it was thrown from unknown.
private func reportingErrors(of operation: @Sendable () async throws -> Void) async {
  do {
    try await operation()
  } catch {
    IssueReporter.report(
      "A fire-and-forget operation threw an error: \(error)", fileID: #fileID,
      filePath: #filePath, line: #line, column: #column)
  }
}
