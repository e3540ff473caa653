// swift-dependencies tests not ported elsewhere (MIT licence, Point-Free,
// github.com/pointfreeco/swift-dependencies, Tests/DependenciesTests/): DependencyValuesTests'
// `testOptionalDependencyUndefined` and `testDependencyDefaultIsReused_SegmentedByContext`,
// DependencyKeyTests' `testShouldReportUnimplemented` (upstream runs it on Apple platforms
// only, for `XCTExpectFailure`: `withKnownIssue` here), DateTests, UUIDTests, InvokeTestTests
// (`invokeTest` becomes a `withDependencies` around the body), and a test of an earlier
// version: DependencyTests' `testInvalidScope_Async` (until c7f0fed). Foundation's `Date` and `UUID` are
// `Timestamp` and `UniqueID`; `timeIntervalSinceReferenceDate` reads `timeIntervalSince1970`.
import ComposableSensorsTesting
import ComposableStore
import Testing

private enum OptionalDependencyKey: DependencyKey {
  static let liveValue: String? = "live"
  static var testValue: String? {
    unimplemented(#"@Dependency(\.optionalDependency)"#, placeholder: nil)
  }
}

private struct ReportIssueTestValueClient: TestDependencyKey {
  static var testValue: ReportIssueTestValueClient {
    if shouldReportUnimplemented {
      reportIssue("Override this dependency.")
    }
    return ReportIssueTestValueClient()
  }
}

extension DependencyValues {
  fileprivate var optionalDependency: String? {
    get { self[OptionalDependencyKey.self] }
    set { self[OptionalDependencyKey.self] = newValue }
  }
}

@Suite(.dependencies) struct SwiftDependenciesMiscPortTests {
  init() { installIssueReporter() }

  // DependencyValuesTests (upstream runs it on Apple platforms only, for `XCTExpectFailure`)

  @Test func testOptionalDependencyUndefined() {
    @Dependency(\.optionalDependency) var optionalDependency: String?
    withKnownIssue {
      #expect(optionalDependency == nil)
    } matching: { issue in
      issue.comments.contains {
        $0.rawValue.contains(#"Unimplemented: @Dependency(\.optionalDependency) …"#)
      }
    }
  }

  // DependencyKeyTests (upstream runs it on Apple platforms only, for `XCTExpectFailure`)

  @Test func testShouldReportUnimplemented() {
    withKnownIssue {
      @Dependency(ReportIssueTestValueClient.self) var client
      _ = client
    } matching: { issue in
      issue.comments.contains { $0.rawValue == "Override this dependency." }
    }
  }

  /// Changing it in `withDependencies` reads it without using it: no issue.
  @Test func aTestValueReadToBeChangedDoesNotReport() {
    withDependencies {
      $0[ReportIssueTestValueClient.self] = $0[ReportIssueTestValueClient.self]
    } operation: {
    }
  }

  @Test func testDependencyDefaultIsReused_SegmentedByContext() {
    withDependencies {
      $0 = .init()
    } operation: {
      withDependencies {
        $0.context = .test
      } operation: {
        @Dependency(\.reuseClient) var reuseClient: ReuseClient

        #expect(reuseClient.count() == 0)
        reuseClient.setCount(42)
        #expect(reuseClient.count() == 42)

        withDependencies {
          $0.context = .preview
        } operation: { () -> Void in
          #expect(reuseClient.count() == 0)
          reuseClient.setCount(1729)
          #expect(reuseClient.count() == 1729)
        }

        #expect(reuseClient.count() == 42)

        withDependencies {
          $0.context = .live
        } operation: {
          withKnownIssue {
            #expect(reuseClient.count() == 0)
            reuseClient.setCount(-42)
            #expect(
              reuseClient.count() == -42,
              "Dependency should cache when using a test value in a live context")
          } matching: { issue in
            issue.comments.contains {
              $0.rawValue.contains(
                """
                @Dependency(\\.reuseClient) has no live implementation, but was accessed from a \
                live context.
                """)
            }
          }
        }

        #expect(reuseClient.count() == 42)
      }
    }
  }

  // DateTests (DateDependencyTests)

  @Test func testOverriding_Now() {
    @Dependency(\.date) var date
    @Dependency(\.date.now) var now
    withDependencies {
      $0.date.now = Timestamp(timeIntervalSince1970: 0)
    } operation: {
      #expect(now == Timestamp(timeIntervalSince1970: 0))
      #expect(date() == Timestamp(timeIntervalSince1970: 0))
    }
  }

  // UUIDTests (UUIDDependencyTests)

  @Test func testIncrementing() {
    @Dependency(\.uuid) var uuid
    withDependencies {
      $0.uuid = .incrementing
    } operation: {
      #expect(uuid() == UniqueID(uuidString: "00000000-0000-0000-0000-000000000000"))
      #expect(uuid() == UniqueID(uuidString: "00000000-0000-0000-0000-000000000001"))
    }
  }

  @Test func testInitIntValue() {
    #expect(UniqueID(0) == UniqueID(uuidString: "00000000-0000-0000-0000-000000000000"))
    #expect(UniqueID(1) == UniqueID(uuidString: "00000000-0000-0000-0000-000000000001"))
    #expect(UniqueID(15) == UniqueID(uuidString: "00000000-0000-0000-0000-00000000000F"))
    #expect(UniqueID(256) == UniqueID(uuidString: "00000000-0000-0000-0000-000000000100"))

    #expect(UniqueID(Int.max) == UniqueID(uuidString: "00000000-0000-0000-7FFF-FFFFFFFFFFFF"))
    #expect(UniqueID(-1) == UniqueID(uuidString: "00000000-0000-0001-0000-000000000001"))
    #expect(UniqueID(-Int.max) == UniqueID(uuidString: "00000000-0000-0001-7FFF-FFFFFFFFFFFF"))
  }

  // InvokeTestTests: what is bound where a model reads wins over what it was made in. Upstream
  // expects 1 on Linux, and a failure of `== 2` (so 1 too) on Apple platforms.

  @Test func testOverride() {
    withDependencies {
      $0.date = .constant(Timestamp(timeIntervalSince1970: 1))
    } operation: {
      final class Model {
        @Dependency(\.date.now) var now
        func getDate() -> Timestamp { self.now }
      }

      let model = withDependencies {
        $0.date = .constant(Timestamp(timeIntervalSince1970: 2))
      } operation: {
        Model()
      }

      #expect(model.getDate().timeIntervalSince1970 == 1)
    }
  }

  // DependencyTests, earlier versions

  @Test func testInvalidScope_Async() async {
    final class DependencyTests {}
    await withKnownIssue {
      await withDependencies(from: DependencyTests()) {
        await Task.yield()
      }
    } matching: { issue in
      issue.comments.contains {
        $0.rawValue == """
          You are trying to propagate dependencies to a child model from a model with no \
          dependencies. To fix this, the given 'DependencyTests' must be returned from another \
          'withDependencies' closure, or the class must hold at least one '@Dependency' property.
          """
      }
    }
  }
}
