// swift-dependencies' DependencyTests and DependencyKeyTests (MIT licence, Point-Free,
// github.com/pointfreeco/swift-dependencies, Tests/DependenciesTests), the tests not ported in
// SwiftDependenciesPortTests, under their upstream names. `XCTExpectFailure` is
// `withKnownIssue`; the issues' texts are upstream's without the `Location:` line
// (DifferencesFromTCA).
import ComposableSensorsTesting
import ComposableStore
import Testing

private class Model {
  @Dependency(\.int) var int
  @Dependency(\.string) var string
  func child() -> Model {
    withDependencies(from: self) {
      Model()
    }
  }
  func child() async -> Model {
    await withDependencies(from: self) {
      await Task.yield()
      return Model()
    }
  }
}

private enum IntKey: DependencyKey {
  static let liveValue = -1
  static let testValue = 42
}

private enum StringKey: DependencyKey {
  static let liveValue = "hello"
  static let testValue = "goodbye"
}

private enum LiveKey: DependencyKey {
  static let liveValue = 42
}

private struct NumberClient: DependencyKey, Sendable {
  var fetch: @Sendable () -> Int
  static let liveValue = NumberClient { 42 }
}

extension DependencyValues {
  fileprivate var int: Int {
    get { self[IntKey.self] }
    set { self[IntKey.self] = newValue }
  }
  fileprivate var string: String {
    get { self[StringKey.self] }
    set { self[StringKey.self] = newValue }
  }
  fileprivate var missingTestDependency: Int {
    get { self[LiveKey.self] }
    set { self[LiveKey.self] = newValue }
  }
  fileprivate var numberClient: NumberClient {
    get { self[NumberClient.self] }
    set { self[NumberClient.self] = newValue }
  }
}

/// Whether `issue` is upstream's "has no test implementation" text.
private func isNoTestValue(
  _ issue: Issue, argument: String, description: String, override: String
) -> Bool {
  issue.comments.contains {
    $0.rawValue == """
      \(argument) has no test implementation, but was accessed from a test context:

      \(description)

      Dependencies registered with the library are not allowed to use their default, live \
      implementations when run from tests.

      To fix, override \(override) with a test value. If you are using the \
      Composable Architecture, mutate the 'dependencies' property on your 'TestStore'. \
      Otherwise, use 'withDependencies' to define a scope for the override. If you'd like to \
      provide a default value for all tests, implement the 'testValue' requirement of the \
      'DependencyKey' protocol.
      """
  }
}

@Suite(.dependencies) struct SwiftDependenciesDependencyPortTests {
  init() { installIssueReporter() }

  @Test func testExtendingLifetimeToChildModels() {
    @Dependency(\.int) var int: Int
    #expect(int == 42)
    #expect(42 == Model().int)
    #expect("goodbye" == Model().string)

    let model = withDependencies {
      $0.int = 1729
    } operation: {
      withDependencies {
        $0.string = "howdy"
      } operation: {
        Model()
      }
    }
    #expect(1729 == model.int)
    #expect("howdy" == model.string)
    withDependencies {
      $0.int = 0
      $0.string = "cya"
    } operation: {
      #expect(0 == model.int)
      #expect("cya" == model.string)
    }
    #expect(1729 == model.int)
    #expect("howdy" == model.string)

    let child = model.child()
    #expect(1729 == child.int)
    #expect("howdy" == child.string)
    withDependencies {
      $0.int = 0
      $0.string = "cya"
    } operation: {
      #expect(0 == child.int)
      #expect("cya" == child.string)
    }
    #expect(1729 == child.int)
    #expect("howdy" == child.string)

    let grandchild = child.child()
    #expect(1729 == grandchild.int)
    #expect("howdy" == grandchild.string)

    let greatGrandchild = withDependencies {
      $0.int = 9000
      $0.string = "cool"
    } operation: {
      grandchild.child()
    }
    #expect(9000 == greatGrandchild.int)
    #expect("cool" == greatGrandchild.string)
    withDependencies {
      $0.int = 0
      $0.string = "cya"
    } operation: {
      #expect(0 == greatGrandchild.int)
      #expect("cya" == greatGrandchild.string)
    }
    #expect(9000 == greatGrandchild.int)
    #expect("cool" == greatGrandchild.string)
  }

  @Test func testInvalidScope() {
    final class DependencyTests {}
    withKnownIssue {
      withDependencies(from: DependencyTests()) {}
    } matching: {
      $0.comments.contains {
        $0.rawValue == """
          You are trying to propagate dependencies to a child model from a model with no \
          dependencies. To fix this, the given 'DependencyTests' must be returned from another \
          'withDependencies' closure, or the class must hold at least one '@Dependency' property.
          """
      }
    }
  }

  @Test func testExtendingLifetimeToChildModels_Async() async {
    let model = await withDependencies {
      await Task.yield()
      $0.int = 1729
    } operation: {
      await withDependencies {
        await Task.yield()
        $0.string = "howdy"
      } operation: { () -> Model in
        await Task.yield()
        return Model()
      }
    }
    #expect(1729 == model.int)
    #expect("howdy" == model.string)
    await withDependencies {
      $0.int = 0
      $0.string = "cya"
    } operation: {
      await Task.yield()
      #expect(0 == model.int)
      #expect("cya" == model.string)
    }
    #expect(1729 == model.int)

    let child = await model.child()
    #expect(1729 == child.int)
    #expect("howdy" == child.string)

    let greatGrandchild = await withDependencies {
      await Task.yield()
      $0.int = 9000
      $0.string = "cool"
    } operation: {
      await child.child().child()
    }
    #expect(9000 == greatGrandchild.int)
    #expect("cool" == greatGrandchild.string)
  }
}

@Suite(.dependencies) struct SwiftDependenciesKeyPortTests {
  init() { installIssueReporter() }

  @Test func testTestDependencyKey_ImplementOnlyTestValue() {
    enum Key: TestDependencyKey {
      static let testValue = 42
    }

    #expect(42 == Key.previewValue)
    #expect(42 == Key.testValue)
  }

  @Test func testDependencyKeyCascading_ValueIsSelf_ImplementOnlyLiveValue() {
    struct Dependency: DependencyKey {
      let value: Int
      static let liveValue = Self(value: 42)
    }

    #expect(42 == Dependency.liveValue.value)
    #expect(42 == Dependency.previewValue.value)

    withKnownIssue {
      #expect(42 == Dependency.testValue.value)
    } matching: { issue in
      isNoTestValue(
        issue, argument: "A dependency",
        description: """
            Dependency:
              SwiftDependenciesKeyPortTests.Dependency
          """,
        override: "the dependency")
    }
  }

  @Test func testDependencyKeyCascading_ImplementOnlyLiveValue() {
    enum Key: DependencyKey {
      static let liveValue = 42
    }

    #expect(42 == Key.liveValue)
    #expect(42 == Key.previewValue)

    withKnownIssue {
      #expect(42 == Key.testValue)
    } matching: { issue in
      isNoTestValue(
        issue, argument: "A dependency",
        description: """
            Key:
              SwiftDependenciesKeyPortTests.Key
            Value:
              Int
          """,
        override: "the dependency")
    }
  }

  @Test func testDependencyKeyCascading_ImplementOnlyLiveAndPreviewValue() {
    enum Key: DependencyKey {
      static let liveValue = 42
      static let previewValue = 1729
    }

    #expect(42 == Key.liveValue)
    #expect(1729 == Key.previewValue)

    withKnownIssue {
      #expect(1729 == Key.testValue)
    } matching: { issue in
      isNoTestValue(
        issue, argument: "A dependency",
        description: """
            Key:
              SwiftDependenciesKeyPortTests.Key
            Value:
              Int
          """,
        override: "the dependency")
    }
  }

  @Test func testDependencyOverridingProperty() {
    withDependencies {
      $0.numberClient.fetch = { 1729 }
    } operation: {
      @Dependency(\.numberClient) var numberClient: NumberClient
      #expect(numberClient.fetch() == 1729)
    }
  }

  @Test func testDependencyKeyCascading_ImplementOnlyLive_Named() {
    withDependencies {
      $0.context = .test
    } operation: {
      @Dependency(\.missingTestDependency) var missingTestDependency: Int
      withKnownIssue {
        #expect(42 == missingTestDependency)
      } matching: { issue in
        isNoTestValue(
          issue, argument: #"@Dependency(\.missingTestDependency)"#,
          description: """
              Key:
                LiveKey
              Value:
                Int
            """,
          override: "'missingTestDependency'")
      }
    }
  }

  @Test func testDependencyKeyCascading_ImplementOnlyLive_NamedType() {
    withDependencies {
      $0.context = .test
    } operation: {
      @Dependency(LiveKey.self) var missingTestDependency: Int
      withKnownIssue {
        #expect(42 == missingTestDependency)
      } matching: { issue in
        isNoTestValue(
          issue, argument: "@Dependency(LiveKey.self)",
          description: """
              Key:
                LiveKey
              Value:
                Int
            """,
          override: "'LiveKey.self'")
      }
    }
  }
}
