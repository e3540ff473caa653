import SensorsCore

/// Runs `operation` with the dependencies of `model`, changed by `update`: how a parent model
/// makes a child that shares its overrides (swift-dependencies' `withDependencies(from:)`).
///
/// ```swift
/// final class Dashboard {
///   @Dependency(\.motionClient) var motion
///   func makeCompass() -> Compass {
///     withDependencies(from: self) { Compass() }
///   }
/// }
/// ```
///
/// The model's dependencies are those bound where its first `@Dependency` property was made,
/// or, for a model without one, those a `withDependencies` operation that returned it ran in;
/// what is bound where this is called wins over them, and `update` over both. A model with
/// neither has none to give: that is reported as an issue (a test failure in a test), and
/// `operation` runs with the current dependencies.
///
/// - Parameters:
///   - model: An object with a `@Dependency` property, or returned by `withDependencies`.
///   - update: Changes the dependencies further, for `operation` only.
///   - operation: The work, which sees the model's dependencies.
///   - fileID: Where the issue of a model without dependencies is reported.
///   - filePath: The full path of that file.
///   - line: The line it is reported at.
///   - column: The column it is reported at.
@discardableResult
public func withDependencies<Model: AnyObject, Result>(
  from model: Model,
  _ update: (inout DependencyValues) throws -> Void,
  operation: () throws -> Result,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) rethrows -> Result {
  guard
    let values = DependencyValues.captured(
      by: model, fileID: fileID, filePath: filePath, line: line, column: column)
  else { return try operation() }
  return try withDependencies {
    $0 = values.merging($0)
    try update(&$0)
  } operation: {
    try operation()
  }
}

/// Runs `operation` with the dependencies of `model`; see
/// the synchronous `withDependencies(from:_:operation:)`.
@discardableResult
public func withDependencies<Model: AnyObject, Result>(
  from model: Model,
  operation: () throws -> Result,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) rethrows -> Result {
  try withDependencies(
    from: model, { _ in }, operation: operation, fileID: fileID, filePath: filePath, line: line,
    column: column)
}

/// Runs the asynchronous `operation` with the dependencies of `model`, changed by `update`; see
/// the synchronous `withDependencies(from:_:operation:)`.
@discardableResult
public func withDependencies<Model: AnyObject, Result>(
  from model: Model,
  isolation: isolated (any Actor)? = #isolation,
  _ update: (inout DependencyValues) async throws -> Void,
  operation: () async throws -> Result,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) async rethrows -> Result {
  guard
    let values = DependencyValues.captured(
      by: model, fileID: fileID, filePath: filePath, line: line, column: column)
  else { return try await operation() }
  return try await withDependencies {
    $0 = values.merging($0)
    try await update(&$0)
  } operation: {
    try await operation()
  }
}

/// Runs the asynchronous `operation` with the dependencies of `model`; see
/// the synchronous `withDependencies(from:_:operation:)`.
@discardableResult
public func withDependencies<Model: AnyObject, Result>(
  from model: Model,
  isolation: isolated (any Actor)? = #isolation,
  operation: () async throws -> Result,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) async rethrows -> Result {
  try await withDependencies(
    from: model, { _ in }, operation: operation, fileID: fileID, filePath: filePath, line: line,
    column: column)
}

/// A `@Dependency` property, seen through reflection: the values bound where it was made.
protocol DependencyCapture {
  var capturedValues: DependencyValues { get }
}

extension Dependency: DependencyCapture {
  var capturedValues: DependencyValues { initialValues?.values ?? .processDefault }
}

extension DependencyValues {
  /// The values captured by the first `@Dependency` property of `model`, else those it was
  /// returned in by `withDependencies`; `nil`, reported at the given location, if neither.
  static func captured<Model: AnyObject>(
    by model: Model, fileID: StaticString, filePath: StaticString, line: UInt, column: UInt
  ) -> DependencyValues? {
    let captured = Mirror(reflecting: model).children.lazy
      .compactMap { $0.value as? any DependencyCapture }
      .first?.capturedValues
    guard let values = captured ?? DependencyObjects.values(of: model) else {
      IssueReporter.report(
        """
        You are trying to propagate dependencies to a child model from a model with no \
        dependencies. To fix this, the given '\(Model.self)' must be returned from another \
        'withDependencies' closure, or the class must hold at least one '@Dependency' property.
        """, fileID: fileID, filePath: filePath, line: line, column: column)
      return nil
    }
    return values
  }
}
