public import ComposableStore
public import Testing

/// A Swift Testing trait that runs each test with dependencies of its own: swift-dependencies'
/// `.dependencies` and `.dependency(_:_:)` traits.
///
/// ```swift
/// @Suite(.dependencies) struct SettingsTests {
///   @Test func startsMetric() {
///     @Shared(.inMemory("metric")) var metric = true   // no other test's "metric"
///     #expect(metric)
///   }
/// }
///
/// @Test(.dependency(\.uuid, .incrementing)) func makesIDs() { … }
/// ```
///
/// Every test starts from fresh caches (defaults, `defaultInMemoryStorage`), so tests running in
/// parallel never see each other's `.inMemory` values or dependency defaults; then `update`
/// changes them. On a suite it applies to each test in it; nested traits add their changes.
public struct DependenciesTrait: TestTrait, SuiteTrait, TestScoping {
  let update: @Sendable (inout DependencyValues) throws -> Void

  /// Whether the current test already runs inside one of these traits (a suite's).
  @TaskLocal static var isNested = false

  /// Applies to every test of a suite it is given to.
  public var isRecursive: Bool { true }

  /// Runs `function` with fresh dependencies (at the outermost trait) changed by `update`.
  public func provideScope(
    for test: Test,
    testCase: Test.Case?,
    performing function: @Sendable () async throws -> Void
  ) async throws {
    let update = self.update
    try await withDependencies {
      if !Self.isNested { $0 = DependencyValues() }
      try update(&$0)
    } operation: {
      try await Self.$isNested.withValue(true) { try await function() }
    }
  }
}

extension Trait where Self == DependenciesTrait {
  /// Fresh dependencies for each test.
  public static var dependencies: Self {
    DependenciesTrait { _ in }
  }

  /// Fresh dependencies for each test, changed by `update`.
  public static func dependencies(
    _ update: @escaping @Sendable (inout DependencyValues) throws -> Void
  ) -> Self {
    DependenciesTrait(update: update)
  }

  /// Fresh dependencies for each test, with the one at `keyPath` set to `value` (evaluated for
  /// each test).
  public static func dependency<Value>(
    _ keyPath: WritableKeyPath<DependencyValues, Value> & Sendable,
    _ value: @autoclosure @escaping @Sendable () throws -> Value
  ) -> Self {
    DependenciesTrait { $0[keyPath: keyPath] = try value() }
  }

  /// Fresh dependencies for each test, with the dependency whose key is `Key` (a value that is
  /// its own key) set to `value`: `@Test(.dependency(mockClient))`.
  public static func dependency<Key: TestDependencyKey & SendableMetatype>(
    _ value: @autoclosure @escaping @Sendable () throws -> Key
  ) -> Self where Key.Value == Key {
    DependenciesTrait { $0[Key.self] = try value() }
  }
}
