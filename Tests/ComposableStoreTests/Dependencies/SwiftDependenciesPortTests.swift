import ComposableSensorsTesting
import ComposableStore
import Dispatch
import Synchronization
import Testing

/// Runs `body` on a Dispatch thread, where no task-local is bound, and returns its result: what
/// swift-dependencies' tests do with `DispatchQueue.main.async` (Linux tests have no main loop).
private func onAnotherThread<R: Sendable>(_ body: @escaping @Sendable () -> R) async -> R {
  await withCheckedContinuation { continuation in
    DispatchQueue.global().async { continuation.resume(returning: body()) }
  }
}

/// A model holding a dependency, as swift-dependencies' feature models do (a struct: a
/// `Sendable` class cannot hold a property wrapper's `var`).
private struct FeatureModel: Sendable {
  @Dependency(\.full) var full
}

/// Tests of swift-dependencies' `DependencyValuesTests` (pointfreeco/swift-dependencies,
/// Tests/DependenciesTests) that this package's `DependencyValuesTests` pins only in part,
/// ported under their upstream names. `prepareDependencies` and the Foundation `Date`/`UUID`
/// tests are not ported (DifferencesFromTCA).
@Suite struct SwiftDependenciesPortTests {
  init() { installIssueReporter() }

  @Test func testWithTestValues() {
    let model = FeatureModel()
    #expect(model.full.value == 3)
    withDependencies {
      $0.context = .preview
    } operation: {
      #expect(model.full.value == 2)
    }
    withDependencies {
      $0.context = .live
    } operation: {
      #expect(model.full.value == 1)
    }
    withDependencies {
      $0.full.value = -1
    } operation: {
      #expect(model.full.value == -1)
    }
  }

  @Test func testEscapingInFeatureModel_InstanceVariablePropagated() async {
    let model = withDependencies {
      $0.full.value = 42
    } operation: {
      FeatureModel()
    }
    let value = await onAnotherThread { model.full.value }
    #expect(value == 42)
  }

  @Test func testEscapingInFeatureModel_NotPropagated() async {
    let value = await withDependencies {
      $0.full.value = 42
    } operation: {
      await onAnotherThread {
        @Dependency(\.full) var full
        return full.value
      }
    }
    #expect(value == 3)
  }

  @Test func testEscapingInFeatureModelWithOverride() async {
    let model = FeatureModel()
    let value = await withDependencies {
      $0.full.value = 42
    } operation: {
      await withEscapedDependencies { continuation in
        await onAnotherThread { continuation.yield { model.full.value } }
      }
    }
    #expect(value == 42)
  }

  @Test func testEscapingInFeatureModelWithOverride_OverrideEscaped() async {
    let model = FeatureModel()
    let value = await withDependencies {
      $0.full.value = 42
    } operation: {
      await withEscapedDependencies { continuation in
        await onAnotherThread {
          continuation.yield {
            withDependencies {
              $0.full.value = 999
            } operation: {
              model.full.value
            }
          }
        }
      }
    }
    #expect(value == 999)
  }

  @Test func testEscapingInFeatureModelWithOverride_NotPropagated() async {
    let model = FeatureModel()
    let value = await withDependencies {
      $0.full.value = 42
    } operation: {
      await onAnotherThread { model.full.value }
    }
    #expect(value == 3)
  }

  @Test func testTaskPropagation() async {
    let fixed = Timestamp(timeIntervalSince1970: 1_234_567_890)
    let task = withDependencies {
      $0.date.now = fixed
    } operation: { () -> Task<Timestamp, Never> in
      @Dependency(\.date.now) var now
      #expect(now == fixed)
      return Task {
        @Dependency(\.date.now) var now
        return now
      }
    }
    #expect(await task.value == fixed)
  }

  @Test func testTaskGroupPropagation() async {
    let value = await withDependencies {
      $0.full.value = 42
    } operation: {
      await withTaskGroup(of: Int.self, returning: Int?.self) { group in
        group.addTask {
          @Dependency(\.full.value) var value
          return value
        }
        return await group.next()
      }
    }
    #expect(value == 42)
  }

  // testDependencyDefaultIsReused_SegmentedByContext is
  // DependencyValuesTests.aDefaultIsMadeOnceAndReusedWithinItsContext.

  @Test func testUpdatingTestDependencyFromLiveContext_WhenUpdatingDependencies() {
    withDependencies {
      $0 = DependencyValues()
    } operation: {
      withDependencies {
        $0.context = .live
      } operation: {
        withDependencies {
          $0.testOnly = 42
        } operation: {
          @Dependency(\.testOnly) var testOnly
          #expect(testOnly == 42, "an override needs no live value")
        }
      }
    }
  }

  @Test func testBinding() {
    withDependencies {
      $0.context = .test
    } operation: {
      @Dependency(\.childEarly) var early
      @Dependency(\.childLate) var late
      #expect(early.fetch() == 3)
      #expect(late.fetch() == 3)
      withDependencies {
        $0.full.value = 1729
      } operation: {
        #expect(early.fetch() == 1729)
        #expect(late.fetch() == 1729)
      }
      let (earlyEscaped, lateEscaped) = withDependencies {
        $0.full.value = 999
      } operation: {
        @Dependency(\.childEarly) var early2
        @Dependency(\.childLate) var late2
        #expect(early2.fetch() == 999)
        #expect(late2.fetch() == 999)
        return (early, late)
      }
      #expect(earlyEscaped.fetch() == 3)
      #expect(lateEscaped.fetch() == 3)
      withDependencies {
        $0.full.value = 1_000
      } operation: {
        #expect(earlyEscaped.fetch() == 1_000)
        #expect(lateEscaped.fetch() == 1_000)
      }
    }
  }

  /// From `DependencyTests`: a dependency read by its key type, overridden by subscript.
  @Test func testDependencyType() {
    @Dependency(TypeKey.self) var int: Int
    #expect(int == 0)
    withDependencies {
      $0[TypeKey.self] = 42
    } operation: {
      #expect(int == 42)
    }
  }

  /// From `DependencyKeyTests`: overriding a dependency never evaluates its test value (whose
  /// issue a test would otherwise see).
  @Test func testShouldReportUnimplemented_OverrideDependency() {
    let before = ReportingKey.evaluated.withLock { $0 }
    withDependencies {
      $0 = DependencyValues()
      $0[ReportingKey.self] = 5
    } operation: {
      @Dependency(ReportingKey.self) var value
      #expect(value == 5)
    }
    #expect(ReportingKey.evaluated.withLock { $0 } == before)
  }

  @Test func testNestedWithTestValues_Async() async {
    let fixed = Timestamp(timeIntervalSince1970: 1_234_567_890)
    await withDependencies {
      $0.date.now = fixed
    } operation: {
      await withDependencies {
        $0.uuid = .incrementing
      } operation: {
        #expect(DependencyValues.current.date.now == fixed)
        #expect(DependencyValues.current.uuid() == UniqueID(0))
        #expect(DependencyValues.current.context == .test)
        await Task.yield()
        #expect(DependencyValues.current.date.now == fixed, "kept across a suspension")
      }
    }
  }
}

/// swift-dependencies' `ChildDependencyEarlyBinding`: made holding a `@Dependency` of another
/// dependency, read when it is used.
private struct ChildEarly: TestDependencyKey {
  var fetch: @Sendable () -> Int
  static var testValue: ChildEarly {
    @Dependency(\.full) var full
    return ChildEarly { full.value }
  }
}

/// swift-dependencies' `ChildDependencyLateBinding`: declares the `@Dependency` when used.
private struct ChildLate: TestDependencyKey {
  var fetch: @Sendable () -> Int
  static var testValue: ChildLate {
    ChildLate {
      @Dependency(\.full) var full
      return full.value
    }
  }
}

extension DependencyValues {
  fileprivate var childEarly: ChildEarly {
    get { self[ChildEarly.self] }
    set { self[ChildEarly.self] = newValue }
  }
  fileprivate var childLate: ChildLate {
    get { self[ChildLate.self] }
    set { self[ChildLate.self] = newValue }
  }
}

private enum TypeKey: TestDependencyKey {
  static var testValue: Int { 0 }
}

/// Counts how often its test value is made.
private enum ReportingKey: TestDependencyKey {
  static let evaluated = Mutex(0)
  static var testValue: Int {
    evaluated.withLock { $0 += 1 }
    return 0
  }
}
