// swift-dependencies' BaseTestCaseTests (MIT licence, Point-Free,
// github.com/pointfreeco/swift-dependencies, Tests/DependenciesTests/BaseTestCaseTests.swift),
// under their upstream names: an XCTest base class that overrides `invokeTest` with
// `withDependencies` gives every test of its subclasses, and their (async) `setUp`, those
// dependencies. Foundation's `Date` and `UUID` are `Timestamp` and `UniqueID`; the 1 ns
// sleeps are `Task.yield()`.
import ComposableStore
import XCTest

final class BaseTestCaseTests: DerivedBaseTestCase {
  override func setUp() async throws {
    try await super.setUp()
    XCTAssertEqual(DependencyValues._current.context, .test)
    XCTAssertEqual(DependencyValues._current.uuid(), .deadbeef)
  }

  func testBasics() {
    XCTAssertEqual(DependencyValues._current.context, .test)
    XCTAssertEqual(DependencyValues._current.uuid(), .deadbeef)
  }

  func testBasicsAsync() async {
    await Task.yield()
    XCTAssertEqual(DependencyValues._current.context, .test)
    XCTAssertEqual(DependencyValues._current.uuid(), .deadbeef)
  }

  func testBasicsThrows() throws {
    XCTAssertEqual(DependencyValues._current.context, .test)
    XCTAssertEqual(DependencyValues._current.uuid(), .deadbeef)
  }

  func testBasicsAsyncThrows() async throws {
    await Task.yield()
    XCTAssertEqual(DependencyValues._current.context, .test)
    XCTAssertEqual(DependencyValues._current.uuid(), .deadbeef)
  }
}

class DerivedBaseTestCase: BaseTestCase {
  override func setUp() async throws {
    try await super.setUp()
    XCTAssertEqual(DependencyValues._current.context, .test)
    XCTAssertEqual(DependencyValues._current.uuid(), .deadbeef)
    XCTAssertEqual(DependencyValues._current.date.now, .mock)
  }

  override func invokeTest() {
    withDependencies {
      $0.date.now = .mock
    } operation: {
      super.invokeTest()
    }
  }
}

class BaseTestCase: XCTestCase {
  override func setUp() async throws {
    try await super.setUp()
    XCTAssertEqual(DependencyValues._current.context, .test)
    XCTAssertEqual(DependencyValues._current.uuid(), .deadbeef)
  }

  override func invokeTest() {
    withDependencies {
      $0.uuid = .constant(.deadbeef)
    } operation: {
      super.invokeTest()
    }
  }
}

extension UniqueID {
  fileprivate static let deadbeef = Self(high: 0xDEAD_BEEF_DEAD_BEEF, low: 0xDEAD_BEEF_DEAD_BEEF)
}
extension Timestamp {
  fileprivate static let mock = Self(timeIntervalSince1970: 1_234_567_890)
}
