// swift-dependencies' `testPrepareDependencies_*` (MIT licence, Point-Free,
// github.com/pointfreeco/swift-dependencies, Tests/DependenciesTests/DependencyValuesTests.swift),
// ported under their upstream names. Upstream resets the dependencies before every test; here the
// suite's `.dependencies` trait gives each test values of its own, so what one test prepares no
// other sees. Foundation's `Date` is `Timestamp` (seconds since 1970); XCTExpectFailure is
// `withKnownIssue`.
import ComposableSensorsTesting
import ComposableStore
import Testing

private struct ClientWithEndpoint: TestDependencyKey {
  var get: @Sendable () -> Int
  static var testValue: ClientWithEndpoint { Self { 42 } }
}

/// The upstream message, without the `Key:` and `Value:` lines (type names are printed without
/// their enclosing type here).
private func isAlreadyPrepared(_ issue: Issue) -> Bool {
  issue.comments.contains {
    $0.rawValue.hasPrefix(#"@Dependency(\.date) has already been accessed or prepared."#)
      && $0.rawValue.hasSuffix(
        """
        A global dependency can only be prepared a single time and cannot be accessed \
        beforehand. Prepare dependencies as early as possible in the lifecycle of your \
        application.

        To temporarily override a dependency in your application, use 'withDependencies' to do \
        so in a well-defined scope.
        """)
  }
}

@Suite(.dependencies) struct SwiftDependenciesPreparePortTests {
  init() { installIssueReporter() }

  @Test func testPrepareDependencies_setsDependency() {
    prepareDependencies {
      $0.date = DateGenerator { Timestamp(timeIntervalSince1970: 0) }
    }
    @Dependency(\.date.now) var now
    #expect(now == Timestamp(timeIntervalSince1970: 0))
  }

  @Test func testPrepareDependencies_returnResult() {
    let result = prepareDependencies { _ in
      42
    }
    #expect(result == 42)
  }

  @Test func testPrepareDependencies_setsLiveContext() {
    prepareDependencies {
      $0.context = .live
    }
    @Dependency(\.context) var context
    #expect(context == .live)
    @Dependency(FullDependency.self) var client
    #expect(client.value == FullDependency.liveValue.value)
  }

  @Test func testPrepareDependencies_setsDependency_LiveContext() {
    withDependencies {
      $0.context = .live
    } operation: {
      prepareDependencies {
        $0[ClientWithEndpoint.self] = ClientWithEndpoint(get: { 1729 })
      }
      @Dependency(ClientWithEndpoint.self) var client
      #expect(client.get() == 1729)
    }
  }

  @Test func testPrepareDependencies_MultiplePreparesWithNoAccessBetween() {
    prepareDependencies {
      $0.date = DateGenerator { Timestamp(timeIntervalSince1970: 0) }
    }
    // Upstream: "Currently this fails, but in the future we may allow a dependency to be changed
    // in multiple 'prepareDependencies' as long as the dependency has not yet been accessed."
    withKnownIssue {
      prepareDependencies {
        $0.date = DateGenerator { Timestamp(timeIntervalSince1970: 1) }
      }
    } matching: {
      isAlreadyPrepared($0)
    }
    @Dependency(\.date.now) var now
    #expect(now == Timestamp(timeIntervalSince1970: 0))
  }

  @Test func testPrepareDependencies_MultiplePreparesWithAccessBetween() {
    prepareDependencies {
      $0.date = DateGenerator { Timestamp(timeIntervalSince1970: 0) }
    }
    @Dependency(\.date) var date
    _ = date
    withKnownIssue {
      prepareDependencies {
        $0.date = DateGenerator { Timestamp(timeIntervalSince1970: 1) }
      }
    } matching: {
      isAlreadyPrepared($0)
    }
  }

  @Test func testPrepareDependencies_setDependencyMultipleTimesInSamePrepare() {
    prepareDependencies {
      $0.date = DateGenerator { Timestamp(timeIntervalSince1970: 42) }
      $0.date = DateGenerator { Timestamp(timeIntervalSince1970: 1729) }
    }
    @Dependency(\.date.now) var now
    #expect(now == Timestamp(timeIntervalSince1970: 1729))
  }

  @Test func testPrepareDependencies_DependencyAccessBeforePrepare() {
    withDependencies {
      $0.context = .live
    } operation: {
      @Dependency(\.date) var date
      _ = date()
      withKnownIssue {
        prepareDependencies {
          $0.date = DateGenerator { Timestamp(timeIntervalSince1970: 42) }
        }
      } matching: {
        isAlreadyPrepared($0)
      }
      #expect(date() != Timestamp(timeIntervalSince1970: 42))
    }
  }

  /// A wrapper that read the preview's value before it was prepared again keeps what it read
  /// (DifferencesFromTCA; upstream does not run this test on Linux): read a new one.
  @Test func testPrepareDependencies_PreviewDependencyAccessBeforePrepare() {
    withDependencies {
      $0.context = .preview
    } operation: {
      @Dependency(\.date) var date
      _ = date()
      prepareDependencies {
        $0.date = DateGenerator { Timestamp(timeIntervalSince1970: 42) }
      }
      @Dependency(\.date) var preparedDate
      #expect(preparedDate() == Timestamp(timeIntervalSince1970: 42))
    }
  }

  @Test func testPrepareDependencies_setDependencyEndpoint() {
    prepareDependencies {
      $0[ClientWithEndpoint.self].get = { @Sendable in 42 }
    }
    @Dependency(ClientWithEndpoint.self) var client
    #expect(client.get() == 42)
  }

  @Test func testPrepareDependencies_alreadyCached() {
    withDependencies {
      $0.context = .live
    } operation: {
      @Dependency(\.date.now) var now
      _ = now
      withKnownIssue {
        prepareDependencies {
          $0.date = DateGenerator { Timestamp(timeIntervalSince1970: 0) }
        }
      } matching: {
        isAlreadyPrepared($0)
      }
    }
  }

  @Test func testPrepareDependencies_WithDependencies() {
    prepareDependencies {
      $0.date.now = Timestamp(timeIntervalSince1970: 42)
    }

    withDependencies {
      $0.date.now = Timestamp(timeIntervalSince1970: 1729)
    } operation: {
      @Dependency(\.date.now) var now
      #expect(now == Timestamp(timeIntervalSince1970: 1729))
    }

    @Dependency(\.date.now) var now
    #expect(now == Timestamp(timeIntervalSince1970: 42))
  }

  /// Not upstream: a store made after `prepareDependencies` (an app's entry point) reads the
  /// prepared value in its reducer and its effects, in every task.
  @Test func aStoreReadsPreparedDependenciesInItsReducerAndEffects() async {
    prepareDependencies {
      $0[ClientWithEndpoint.self].get = { 7 }
    }
    let store = Store(initialState: [Int]()) {
      Reduce<[Int], Int> { state, action in
        @Dependency(ClientWithEndpoint.self) var client
        state.append(action == 0 ? client.get() : action)
        return action == 0 ? .run { send in await send(client.get() + 1) } : .none
      }
    }
    await store.send(0).finish()
    #expect(store.state == [7, 8])
  }
}
