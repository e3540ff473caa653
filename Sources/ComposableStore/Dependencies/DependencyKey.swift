import SensorsCore

/// A key for a dependency, with the value an app uses (``liveValue``) and, optionally, the
/// values previews and tests use: swift-dependencies' `DependencyKey`, without macros.
///
/// ```swift
/// enum MotionClientKey: DependencyKey {
///   static let liveValue = MotionClient.live()
///   static let testValue = MotionClient.unimplemented()
/// }
/// extension DependencyValues {
///   var motionClient: MotionClient {
///     get { self[MotionClientKey.self] }
///     set { self[MotionClientKey.self] = newValue }
///   }
/// }
/// ```
///
/// Each value is read once per context and ``DependencyValues`` cache, then reused, so a value
/// holding a reference (a live client and its hardware) is made once. The cascade is
/// swift-dependencies': ``TestDependencyKey/previewValue`` defaults to ``liveValue``, and
/// ``TestDependencyKey/testValue`` to the preview value, reporting an issue that names the
/// dependency, because a test must not reach live hardware by accident.
public protocol DependencyKey<Value>: TestDependencyKey {
  // Repeated from TestDependencyKey, as swift-dependencies does, so that the compiler infers
  // `Value` from `liveValue` alone.
  /// The type of the dependency's value (the key itself by default).
  associatedtype Value = Self

  /// The value an app uses (``DependencyContext/live``).
  static var liveValue: Value { get }

  /// The value used in previews; ``liveValue`` by default.
  static var previewValue: Value { get }

  /// The value used in tests; by default the preview value, with an issue that names the
  /// dependency.
  static var testValue: Value { get }
}

extension DependencyKey {
  /// The live value, unless the key provides a preview value of its own.
  public static var previewValue: Value { Self.liveValue }

  /// The preview value, after reporting that the dependency has no test value: a test reading a
  /// dependency it did not override must not silently reach live hardware.
  public static var testValue: Value {
    if !DependencyResolution.isUpdating {
      IssueReporter.report(
        DependencyResolution.noTestValueMessage(key: Self.self, value: Value.self),
        fileID: #fileID, filePath: #filePath, line: #line, column: #column)
    }
    return Self.previewValue
  }
}
