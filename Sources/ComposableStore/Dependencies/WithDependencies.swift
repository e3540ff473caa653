/// Runs `operation` with the current dependencies changed by `update`, and returns its result.
///
/// ```swift
/// let heading = withDependencies {
///   $0.motionClient = .replay(recording)
/// } operation: {
///   Compass().currentHeading()
/// }
/// ```
///
/// The change holds for everything `operation` calls and every task it starts; a reducer or a
/// store made inside keeps it, and so does an object `operation` returns, for
/// `withDependencies(from:)`. Reading a dependency inside `update` (to modify one of its
/// endpoints) does not report a missing test value.
@discardableResult
public func withDependencies<Result>(
  _ update: (inout DependencyValues) throws -> Void,
  operation: () throws -> Result
) rethrows -> Result {
  let values = try DependencyValues.prepared(update)
  let result = try DependencyScope(values).bind(operation)
  DependencyObjects.remember(result, madeIn: values)
  return result
}

/// Runs the asynchronous `operation` with the current dependencies changed by `update`, and
/// returns its result; see ``withDependencies(_:operation:)-(_,()->Result)``.
@discardableResult
public func withDependencies<Result>(
  isolation: isolated (any Actor)? = #isolation,
  _ update: (inout DependencyValues) async throws -> Void,
  operation: () async throws -> Result
) async rethrows -> Result {
  var values = DependencyValues.current
  try await DependencyResolution.$isUpdating.withValue(true) {
    try await update(&values)
  }
  let result = try await DependencyValues.$scope.withValue(DependencyScope(values)) {
    try await operation()
  }
  DependencyObjects.remember(result, madeIn: values)
  return result
}

extension DependencyValues {
  /// Binds `self` around `operation`: the seam the store and the test store use.
  package func bind<Result>(_ operation: () throws -> Result) rethrows -> Result {
    try DependencyScope(self).bind(operation)
  }

  /// Binds `self` around the asynchronous `operation`.
  package func bind<Result>(
    isolation: isolated (any Actor)? = #isolation,
    _ operation: () async throws -> Result
  ) async rethrows -> Result {
    try await DependencyValues.$scope.withValue(DependencyScope(self)) { try await operation() }
  }
}

extension DependencyValues {
  /// The values a test store starts from: those bound here, in the test context, with a cache of
  /// their own (so no test sees a default another test changed), then changed by `prepare`.
  package static func forTestStore(_ prepare: (inout DependencyValues) -> Void) -> DependencyValues
  {
    var values = DependencyValues(cache: DependencyCache())
    if let bound {
      values.overrides = bound.overrides
    }
    values.explicitContext = .test
    DependencyResolution.$isUpdating.withValue(true) { prepare(&values) }
    return values
  }
}

extension DependencyScope {
  /// Binds this scope around `operation`, to the task (so tasks `operation` starts inherit it)
  /// and to this thread's slot (so reads inside find it without a task-local lookup).
  func bind<Result>(_ operation: () throws -> Result) rethrows -> Result {
    try DependencyValues.$scope.withValue(self) {
      guard let cell = DependencySlot.cell() else { return try operation() }
      return try withSlot(cell, operation)
    }
  }

  /// Binds this scope around the asynchronous `operation`: an effect runs in the scope of the
  /// reducer that returned it. To the task only: `operation` may move between threads.
  func bind<Result>(
    isolation: isolated (any Actor)? = #isolation,
    _ operation: () async throws -> Result
  ) async rethrows -> Result {
    try await DependencyValues.$scope.withValue(self) { try await operation() }
  }
}

extension DependencyValues {
  /// The current values changed by `update`, which may read a dependency to change it without
  /// a missing test value being reported.
  @usableFromInline
  static func prepared(
    _ update: (inout DependencyValues) throws -> Void
  ) rethrows -> DependencyValues {
    try DependencyResolution.$isUpdating.withValue(true) {
      var values = DependencyValues.current
      try update(&values)
      return values
    }
  }
}
