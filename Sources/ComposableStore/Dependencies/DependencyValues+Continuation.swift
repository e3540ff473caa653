/// Runs `operation` with a capture of the current dependencies, to restore in an escaping
/// closure that runs later, elsewhere (swift-dependencies' `withEscapedDependencies`).
///
/// ```swift
/// withEscapedDependencies { dependencies in
///   timer.onFire {
///     dependencies.yield {
///       // The dependencies of the code that set the timer, not those of the timer's thread.
///     }
///   }
/// }
/// ```
///
/// Tasks and effects keep their dependencies by themselves; a closure stored and called later
/// (a callback, a C function's context) does not. Call ``DependencyValues/Continuation/yield(_:)``
/// first thing in it, and override further inside `yield`, not around it.
@discardableResult
public func withEscapedDependencies<Result>(
  _ operation: (DependencyValues.Continuation) throws -> Result
) rethrows -> Result {
  try operation(DependencyValues.Continuation())
}

/// Runs the asynchronous `operation` with a capture of the current dependencies; see
/// `withEscapedDependencies(_:)`.
@discardableResult
public func withEscapedDependencies<Result>(
  isolation: isolated (any Actor)? = #isolation,
  _ operation: (DependencyValues.Continuation) async throws -> Result
) async rethrows -> Result {
  try await operation(DependencyValues.Continuation())
}

extension DependencyValues {
  /// The dependencies captured by `withEscapedDependencies`, restored with `yield(_:)`.
  public struct Continuation: Sendable {
    /// The dependencies current where the continuation was made.
    let values = DependencyValues.current

    /// Runs `operation` with the captured dependencies, whatever is bound where it runs, and
    /// returns its result.
    @discardableResult
    public func yield<Result>(_ operation: () throws -> Result) rethrows -> Result {
      try DependencyScope(values).bind(operation)
    }

    /// Runs the asynchronous `operation` with the captured dependencies, and returns its result.
    @discardableResult
    public func yield<Result>(
      isolation: isolated (any Actor)? = #isolation,
      _ operation: () async throws -> Result
    ) async rethrows -> Result {
      try await DependencyScope(values).bind(operation)
    }
  }
}
