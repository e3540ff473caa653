import ComposableSensorsTesting
import ComposableStore
import Testing

/// swift-dependencies' key cascade: preview defaults to live, test to preview (with an issue).
@Suite struct DependencyKeyTests {
  init() { installIssueReporter() }

  @Test func aTestOnlyKeyPreviewsItsTestValue() {
    enum Key: TestDependencyKey {
      static let testValue = 42
    }
    #expect(Key.previewValue == 42)
    #expect(Key.testValue == 42)
  }

  @Test func aLiveOnlyKeyPreviewsItsLiveValueAndReportsItsUseInTests() {
    #expect(LiveOnlyKey.liveValue == 42)
    #expect(LiveOnlyKey.previewValue == 42)
    withKnownIssue {
      #expect(LiveOnlyKey.testValue == 42)
    } matching: { issue in
      issue.comments.contains {
        $0.rawValue.contains("has no test implementation, but was accessed from a test context")
          && $0.rawValue.contains("LiveOnlyKey")
      }
    }
  }

  @Test func aDependencyReadWithoutTestValueNamesItsProperty() {
    withKnownIssue {
      withDependencies {
        $0 = DependencyValues()
      } operation: {
        @Dependency(\.liveOnly) var liveOnly
        #expect(liveOnly == 42)
      }
    } matching: { issue in
      issue.comments.contains {
        $0.rawValue.hasPrefix(
          #"@Dependency(\.liveOnly) has no test implementation, but was accessed from a test context"#
        )
      }
    }
  }

  @Test func aLiveAndPreviewKeyTestsWithItsPreviewValue() {
    enum Key: DependencyKey {
      static let liveValue = 42
      static let previewValue = 1729
    }
    #expect(Key.previewValue == 1729)
    withKnownIssue { #expect(Key.testValue == 1729) }
  }

  @Test func anEndpointOfADependencyCanBeOverridden() {
    withDependencies {
      $0.earlyBinding.fetch = { 1729 }
    } operation: {
      @Dependency(\.earlyBinding) var binding
      #expect(binding.fetch() == 1729)
    }
  }
}

/// How the process's context is detected, as swift-dependencies detects it.
@Suite struct DependencyContextTests {
  @Test func anXCTestBundleOrSwiftTestingRunIsATest() {
    #expect(
      DependencyContext.detect(arguments: ["/x/PackageTests.xctest"], environment: [:]) == .test)
    #expect(
      DependencyContext.detect(
        arguments: ["app", "--testing-library", "swift-testing"], environment: [:])
        == .test)
    #expect(
      DependencyContext.detect(arguments: ["/usr/bin/swiftpm-testing-helper"], environment: [:])
        == .test)
    #expect(
      DependencyContext.detect(arguments: ["app"], environment: ["XCTestSessionIdentifier": "1"])
        == .test)
  }

  @Test func anAppIsLiveAndAPreviewIsAPreview() {
    #expect(
      DependencyContext.detect(arguments: ["/usr/bin/sensors-demo"], environment: [:]) == .live)
    #expect(
      DependencyContext.detect(arguments: ["app"], environment: ["XCODE_RUNNING_FOR_PREVIEWS": "1"])
        == .preview)
  }

  @Test func theEnvironmentVariableOverridesDetection() {
    #expect(
      DependencyContext.detect(
        arguments: ["/x/PackageTests.xctest"], environment: ["SWIFT_DEPENDENCIES_CONTEXT": "live"])
        == .live)
  }

  @Test func thisProcessIsATest() {
    #expect(DependencyContext.detected == .test)
  }
}

/// `UniqueID` and the `\.uuid` generators.
@Suite struct UniqueIDTests {
  @Test func theTextFormRoundTripsInUpperCase() {
    let text = "e621e1f8-c36c-495a-93fc-0c247a3e6e5f"
    let id = UniqueID(uuidString: text)
    #expect(id?.uuidString == text.uppercased())
    #expect(UniqueID(1).uuidString == "00000000-0000-0000-0000-000000000001")
  }

  @Test func malformedTextIsRejected() {
    for text in [
      "", "e621e1f8c36c495a93fc0c247a3e6e5f", "g621e1f8-c36c-495a-93fc-0c247a3e6e5f",
      "e621e1f8-c36c-495a-93fc-0c247a3e6e5", "e621e1f8-c36c-495a-93fc-0c247a3e6e5f-",
    ] {
      #expect(UniqueID(uuidString: text) == nil, "\(text)")
    }
  }

  @Test func randomIdentifiersAreVersion4AndDistinct() {
    let ids = (0..<100).map { _ in UniqueID.random() }
    #expect(Set(ids).count == 100)
    for id in ids {
      #expect(id.uuidString.split(separator: "-")[2].first == "4")
      #expect("89AB".contains(id.uuidString.split(separator: "-")[3].first ?? "x"))
    }
  }

  @Test func incrementingCountsFromZeroAndEachUseStartsAgain() {
    let generator = UUIDGenerator.incrementing
    #expect([generator(), generator(), generator()] == [UniqueID(0), UniqueID(1), UniqueID(2)])
    #expect(UUIDGenerator.incrementing() == UniqueID(0))
  }
}
