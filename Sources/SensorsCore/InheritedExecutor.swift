/// The task executor that tasks the package starts on a caller's behalf prefer, passed down the
/// way task-locals are.
///
/// Swift gives a structured child task its parent's executor preference, but not an unstructured
/// `Task {}`. The package starts unstructured tasks on its callers' behalf: a store's effects, a
/// replay's reader, a client's timers. Each starts with ``Swift/Task/inheritingExecutor(priority:operation:)``,
/// which prefers the executor bound here, so everything a test starts runs on the test's serial
/// executor (SensorsTestKit's `SerialTestExecutor`). Nothing binds it in production, where every
/// task runs on the global concurrent executor as before.
package enum InheritedExecutor {
  /// The executor the current task's package-started tasks prefer, or `nil` for the default.
  @TaskLocal package static var preferred: (any TaskExecutor)?
}

extension Task where Failure == Never {
  /// Starts an unstructured task that prefers ``InheritedExecutor/preferred``, and inherits it
  /// (it is a task-local), like `Task(priority:operation:)` otherwise.
  @discardableResult
  package static func inheritingExecutor(
    priority: TaskPriority? = nil,
    operation: sending @escaping () async -> Success
  ) -> Task<Success, Never> {
    // Without a preference, exactly `Task(priority:operation:)`: a task made with
    // `executorPreference: nil` runs measurably slower on this toolchain (the store benchmark's
    // effect path lost about 9 points of the bare loop).
    guard let executor = InheritedExecutor.preferred else {
      return Task(priority: priority, operation: operation)
    }
    return Task(executorPreference: executor, priority: priority, operation: operation)
  }
}

extension Task where Failure == any Error {
  /// Starts an unstructured throwing task that prefers ``InheritedExecutor/preferred``, and
  /// inherits it (it is a task-local), like `Task(priority:operation:)` otherwise.
  @discardableResult
  package static func inheritingExecutor(
    priority: TaskPriority? = nil,
    operation: sending @escaping () async throws -> Success
  ) -> Task<Success, any Error> {
    guard let executor = InheritedExecutor.preferred else {
      return Task(priority: priority, operation: operation)
    }
    return Task(executorPreference: executor, priority: priority, operation: operation)
  }
}
