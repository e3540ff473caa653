// swift-dependencies' AssertTests (MIT licence, Point-Free,
// github.com/pointfreeco/swift-dependencies, Tests/DependenciesTests/AssertTests.swift), under
// their upstream names. `testFail`, which upstream runs on Apple platforms only (for
// `XCTExpectFailure`), runs here with `withKnownIssue`.
import ComposableSensorsTesting
import ComposableStore
import Testing

@Suite(.dependencies) struct AssertTests {
  @Dependency(\.assert) var assert
  @Dependency(\.assertionFailure) var assertionFailure
  @Dependency(\.precondition) var precondition

  init() { installIssueReporter() }

  @Test func testPass() {
    assert(true)
    assert(true, "Must be true")
    precondition(true)
    precondition(true, "Must be true")
  }

  @Test func testFail() {
    withKnownIssue {
      assert(false)
    }
    withKnownIssue {
      assert(false, "Must be true")
    } matching: { issue in
      issue.comments.contains { $0.rawValue == "Must be true" }
    }
    withKnownIssue {
      assertionFailure("Failure")
    } matching: { issue in
      issue.comments.contains { $0.rawValue == "Failure" }
    }
    withKnownIssue {
      precondition(false)
    }
    withKnownIssue {
      precondition(false, "Must be true")
    } matching: { issue in
      issue.comments.contains { $0.rawValue == "Must be true" }
    }
  }
}

@Suite(.dependencies) struct AssertTests_SwiftTesting {
  @Dependency(\.assert) var assert

  init() { installIssueReporter() }

  @Test func assertDependency() {
    withKnownIssue {
      assert(false)
    }
    withKnownIssue {
      assert(false, "This shouldn't happen.")
    }
  }
}
