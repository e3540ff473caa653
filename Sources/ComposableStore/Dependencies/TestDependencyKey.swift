/// A key for a dependency that has test and preview values but no live one: the interface half
/// of a dependency whose live implementation lives in another module (swift-dependencies'
/// `TestDependencyKey`).
///
/// ```swift
/// enum APIClientKey: TestDependencyKey {
///   static let testValue = APIClient.unimplemented()
/// }
/// extension DependencyValues {
///   var apiClient: APIClient {
///     get { self[APIClientKey.self] }
///     set { self[APIClientKey.self] = newValue }
///   }
/// }
/// ```
///
/// Read from a live context without an override, such a dependency reports an issue naming it
/// and returns its test value.
public protocol TestDependencyKey<Value> {
  /// The type of the dependency's value (the key itself by default).
  associatedtype Value: Sendable = Self

  /// The value used in previews (``DependencyContext/preview``); the test value by default.
  static var previewValue: Value { get }

  /// The value used in tests (``DependencyContext/test``, and always under `TestStore`).
  ///
  /// Make it fail the test when used (an `unimplemented()` client), so a test must override
  /// what its feature calls.
  static var testValue: Value { get }
}

extension TestDependencyKey {
  /// The test value, unless the key provides a preview value of its own.
  public static var previewValue: Value { Self.testValue }

  /// Whether a ``testValue`` that is not meant to be used should report it now: `false` while a
  /// `withDependencies` update closure (or `prepareDependencies`) reads the dependency to
  /// change it, `true` otherwise (swift-dependencies' `shouldReportUnimplemented`).
  ///
  /// ```swift
  /// static var testValue: APIClient {
  ///   if shouldReportUnimplemented { reportIssue("Override the API client.") }
  ///   return APIClient.failing
  /// }
  /// ```
  public static var shouldReportUnimplemented: Bool { !DependencyResolution.isUpdating }
}
