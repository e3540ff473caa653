import ComposableSensorsTesting
import ComposableStore
import XCTest

/// The same TestStore failures reach XCTest through `XCTFail` when no Swift Testing test runs.
///
/// `XCTExpectFailure` does not exist on Linux, so this case overrides `recordFailure` (the
/// funnel every XCTest failure passes through) to collect failures instead of recording them.
final class XCTestReportingTests: XCTestCase {
  private var captured: [String] = []
  private var capturing = false

  override func recordFailure(
    withDescription description: String, inFile filePath: String, atLine lineNumber: Int,
    expected: Bool
  ) {
    if capturing {
      captured.append(description)
    } else {
      super.recordFailure(
        withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
    }
  }

  private func capturingFailures(_ body: () async -> Void) async -> [String] {
    captured = []
    capturing = true
    await body()
    capturing = false
    return captured
  }

  func testStateMismatchFailsThroughXCTFail() async {
    let store = TestStore(initialState: Counter.State()) { Counter() }
    let failures = await capturingFailures {
      await store.send(.increment) { $0.count = 2 }
    }
    XCTAssertEqual(failures.count, 1)
    XCTAssertTrue(
      failures.first?.contains("A state change does not match expectation after sending .increment")
        == true, "\(failures)")
    XCTAssertTrue(failures.first?.contains("−   count: 2,") == true, "\(failures)")
  }

  func testReceiveWithNothingRunningFailsThroughXCTFail() async {
    let store = TestStore(initialState: Counter.State()) { Counter() }
    let failures = await capturingFailures {
      await store.receive(.echoed(1), timeout: .milliseconds(10))
    }
    XCTAssertEqual(failures.count, 1)
    XCTAssertTrue(
      failures.first?.contains("Expected to receive the following action, but didn't:") == true,
      "\(failures)")
    XCTAssertTrue(failures.first?.contains(".echoed(1)") == true, "\(failures)")
  }

  func testSkippedAssertionsAreNotFailuresUnderXCTest() async {
    let store = TestStore(initialState: Counter.State()) { Counter() }
    store.exhaustivity = .off(showSkippedAssertions: true)
    var skipped: [String] = []
    let failures = await capturingFailures {
      skipped = await knownIssues {
        await store.send(.increment)
        await store.send(.echoTwice).finish()
        await store.skipReceivedActions()
      }
    }
    XCTAssertEqual(failures, [], "printed, not recorded: XCTest on Linux has no expected failures")
    XCTAssertEqual(skipped.count, 2, "\(skipped)")
  }

  func testPassingTestStoreRecordsNothing() async {
    let store = TestStore(initialState: Counter.State()) { Counter() }
    let failures = await capturingFailures {
      await store.send(.increment) { $0.count = 1 }
      await store.send(.echo)
      await store.receive(.echoed(1)) { $0.echoes = [1] }
      await store.finish()
    }
    XCTAssertEqual(failures, [])
  }
}
