import ComposableSensorsTesting
import ComposableStore
import Synchronization
import Testing

/// The behaviours swift-dependencies' `DependencyValuesTests` pin, rewritten for this package.
@Suite struct DependencyValuesTests {
  init() { installIssueReporter() }

  @Test func anOverrideHoldsInsideTheOperationOnly() {
    let fixed = Timestamp(timeIntervalSince1970: 1_234_567_890)
    let inside = withDependencies {
      $0.date = .constant(fixed)
    } operation: {
      @Dependency(\.date) var date
      return date.now
    }
    let live = withDependencies {
      $0.context = .live
    } operation: {
      @Dependency(\.date) var date
      return date.now
    }
    #expect(inside == fixed)
    #expect(live != fixed)
  }

  @Test func anInnerOverrideDoesNotLeakToTheOuterScope() {
    withDependencies {
      $0.full = FullDependency(value: 10)
    } operation: {
      let inner = withDependencies {
        $0.full.value = 20
      } operation: {
        @Dependency(\.full) var full
        return full.value
      }
      #expect(inner == 20)
      #expect(DependencyValues.current.full.value == 10)
    }
  }

  @Test func theLastOfSeveralSettingsWins() {
    withDependencies {
      $0.full.value = 10
      $0.full.value = 11
    } operation: {
      @Dependency(\.full.value) var value
      #expect(value == 11)
    }
  }

  @Test func eachContextHasItsOwnDefault() {
    #expect(DependencyValues.current.context == .test, "this process runs tests")
    @Dependency(\.full) var full
    #expect(full.value == 3)
    withDependencies {
      $0.context = .preview
    } operation: {
      #expect(full.value == 2)
    }
    withDependencies {
      $0.context = .live
    } operation: {
      #expect(full.value == 1)
    }
    withDependencies {
      $0.full.value = -1
    } operation: {
      #expect(full.value == -1)
    }
  }

  @Test func anOptionalDependencyCanBeOverriddenWithNil() {
    for value in [nil, ""] as [String?] {
      withDependencies {
        $0.optional = value
      } operation: {
        @Dependency(\.optional) var optional
        #expect(optional == value)
      }
    }
    withDependencies {
      $0.context = .live
    } operation: {
      @Dependency(\.optional) var optional
      #expect(optional == "live")
    }
    withDependencies {
      $0.context = .live
      $0.optional = nil
    } operation: {
      @Dependency(\.optional) var optional
      #expect(optional == nil)
    }
  }

  /// swift-dependencies' `testDependencyDefaultIsReused_SegmentedByContext`.
  @Test func aDefaultIsMadeOnceAndReusedWithinItsContext() {
    withDependencies {
      $0 = DependencyValues()
    } operation: {
      withDependencies {
        $0.context = .test
      } operation: {
        @Dependency(\.counter) var counter
        #expect(counter.value == 0)
        counter.increment()
        #expect(counter.value == 1)
        withDependencies {
          $0.context = .preview
        } operation: {
          #expect(counter.value == 0, "the preview default is another instance")
          counter.increment()
          counter.increment()
          #expect(counter.value == 2)
        }
        #expect(counter.value == 1)
      }
    }
  }

  @Test func freshValuesStartFromFreshDefaults() {
    let first = withDependencies {
      $0 = DependencyValues()
    } operation: {
      @Dependency(\.counter) var counter
      counter.increment()
      return counter
    }
    let second = withDependencies {
      $0 = DependencyValues()
    } operation: {
      @Dependency(\.counter) var counter
      return counter
    }
    #expect(first !== second)
    #expect(second.value == 0)
  }

  @Test func aDependencyMadeFromAnotherSeesItsOverridesLateOrEarly() {
    withDependencies {
      $0 = DependencyValues()
    } operation: {
      @Dependency(\.earlyBinding) var early
      @Dependency(\.lateBinding) var late
      #expect(early.fetch() == 3)
      #expect(late.fetch() == 3)
      withDependencies {
        $0.full.value = 1729
      } operation: {
        #expect(late.fetch() == 1729, "read when used: sees the override")
      }
    }
    withDependencies {
      $0 = DependencyValues()
      $0.full.value = 999
    } operation: {
      @Dependency(\.earlyBinding) var early
      #expect(early.fetch() == 999, "made inside the override: built from it")
    }
  }

  @Test func aTaskStartedInsideInheritsTheOverrides() async {
    let task = withDependencies {
      $0.full.value = 42
    } operation: {
      Task {
        @Dependency(\.full.value) var value
        return value
      }
    }
    #expect(await task.value == 42)
    let fromGroup = await withDependencies {
      $0.full.value = 43
    } operation: {
      await withTaskGroup(of: Int.self) { group in
        group.addTask {
          @Dependency(\.full.value) var value
          return value
        }
        return await group.next() ?? 0
      }
    }
    #expect(fromGroup == 43)
  }

  @Test func anAsyncStreamUnfoldingClosureRunsInItsConsumersScope() async {
    let stream = withDependencies {
      $0.full.value = 42
    } operation: {
      let done = Mutex(false)
      return AsyncStream<Int> {
        @Dependency(\.full.value) var value
        return done.withLock { done in
          defer { done = true }
          return done ? nil : value
        }
      }
    }
    var values: [Int] = []
    for await value in stream { values.append(value) }
    #expect(values == [3], "the override does not travel with the stream")
  }

  @Test func concurrentFirstReadsMakeTheDefaultOnce() async {
    for _ in 1...50 {
      CountedKey.made.withLock { $0 = 0 }
      await withDependencies {
        $0 = DependencyValues()
      } operation: {
        await withTaskGroup(of: Void.self) { group in
          for _ in 1...20 {
            group.addTask {
              @Dependency(\.counted) var counted
              _ = counted
            }
          }
        }
      }
      #expect(CountedKey.made.withLock { $0 } == 1)
    }
  }

  @Test func aLiveReadOfATestOnlyDependencyReportsItAndUsesTheTestValue() {
    withKnownIssue {
      let value = withDependencies {
        $0 = DependencyValues()
        $0.context = .live
      } operation: {
        @Dependency(\.testOnly) var testOnly
        return testOnly
      }
      #expect(value == 7)
    } matching: { issue in
      issue.comments.contains {
        $0.rawValue.hasPrefix(
          #"@Dependency(\.testOnly) has no live implementation, but was accessed from a live context."#
        )
      }
    }
  }

  @Test func aDependencyReadByKeyTypeIsNamedByItsType() {
    withKnownIssue {
      withDependencies {
        $0 = DependencyValues()
        $0.context = .live
      } operation: {
        @Dependency(TestOnlyKey.self) var testOnly
        #expect(testOnly == 7)
      }
    } matching: { issue in
      issue.comments.contains { $0.rawValue.hasPrefix("@Dependency(TestOnlyKey.self) has no live") }
    }
  }

  @Test func readingADependencyToChangeItDoesNotReport() {
    withDependencies {
      $0 = DependencyValues()
      $0.context = .test
    } operation: {
      let value = withDependencies {
        $0.liveOnly += 1
      } operation: {
        @Dependency(\.liveOnly) var liveOnly
        return liveOnly
      }
      #expect(value == 43)
    }
  }

  @Test func theUnimplementedDateAndUUIDFailTheTest() {
    withDependencies {
      $0 = DependencyValues()
    } operation: {
      @Dependency(\.date) var date
      @Dependency(\.uuid) var uuid
      withKnownIssue {
        _ = date.now
      } matching: {
        $0.comments.contains { $0.rawValue == #"Unimplemented: @Dependency(\.date)"# }
      }
      withKnownIssue {
        _ = uuid()
      } matching: {
        $0.comments.contains { $0.rawValue == #"Unimplemented: @Dependency(\.uuid)"# }
      }
    }
  }

  @Test func theUnimplementedClocksFailTheTestNamingTheDependency() async {
    @Dependency(\.continuousClock) var clock
    await withKnownIssue {
      await #expect(throws: CancellationError.self) { try await clock.sleep(for: .seconds(1)) }
    } matching: {
      $0.comments.contains {
        $0.rawValue == #"Unimplemented: @Dependency(\.continuousClock).sleep"#
      }
    }
  }
}
