// swift-dependencies' ResolutionTests and CacheTests (MIT licence, Point-Free,
// github.com/pointfreeco/swift-dependencies, Tests/DependenciesTests/ResolutionTests.swift and
// CacheTests.swift), under their upstream names: a dependency whose default reads other
// dependencies, early (when it is made) or late (when it is called). Foundation's `Date` is
// `Timestamp`. Upstream resets the dependencies before every test: the suite's `.dependencies`
// trait does it here.
import ComposableSensorsTesting
import ComposableStore
import Synchronization
import Testing

@Suite(.dependencies) struct SwiftDependenciesResolutionPortTests {
  init() { installIssueReporter() }

  @Test func testDependencyDependingOnDependency_Eager() {
    @Dependency(\.eagerParent) var eagerParent: EagerParentDependency
    @Dependency(\.eagerChild) var eagerChild: EagerChildDependency

    #expect(eagerParent.value == 1729)
    #expect(eagerChild.value == 1729)

    withDependencies {
      $0.eagerChild.value = 42
    } operation: {
      #expect(eagerParent.value == 1729)
      #expect(eagerChild.value == 42)
    }
  }

  @Test func testDependencyDependingOnDependency_Lazy() {
    @Dependency(\.lazyParent) var lazyParent: LazyParentDependency
    @Dependency(\.lazyChild) var lazyChild: LazyChildDependency

    #expect(lazyParent.value() == 1729)
    #expect(lazyChild.value() == 1729)

    withDependencies {
      $0.lazyChild.value = { 42 }
    } operation: {
      #expect(lazyParent.value() == 42)
      #expect(lazyChild.value() == 42)
    }

    withDependencies {
      $0.lazyParent.value = { 42 }
    } operation: {
      #expect(lazyParent.value() == 42)
      #expect(lazyChild.value() == 1729)
    }

    withDependencies {
      $0.lazyParent.value = { 42 }
      $0.lazyChild.value = { -42 }
    } operation: {
      #expect(lazyParent.value() == 42)
      #expect(lazyChild.value() == -42)
    }
  }

  @Test func testDependencyDependingOnDependency_Nested() {
    struct Model {
      @Dependency(\.nestedParent) var nestedParent: NestedParentDependency
      @Dependency(\.nestedChild) var nestedChild: NestedChildDependency
    }

    let model = withDependencies {
      $0.nestedChild.value = { 1 }
    } operation: {
      Model()
    }

    #expect(model.nestedParent.value() == 1)
    #expect(model.nestedChild.value() == 1)

    withDependencies {
      $0.nestedChild.value = { 42 }
    } operation: {
      #expect(model.nestedParent.value() == 42)
      #expect(model.nestedChild.value() == 42)
    }
  }

  @Test func testFirstAccessBehavior() {
    @Dependency(\.nestedParent) var nestedParent: NestedParentDependency
    struct Model {
      @Dependency(\.nestedParent) var nestedParent: NestedParentDependency
      @Dependency(\.nestedChild) var nestedChild: NestedChildDependency
    }

    let model = withDependencies {
      $0.nestedChild.value = { 1 }
    } operation: {
      Model()
    }

    #expect(nestedParent.value() == 1729)
    #expect(model.nestedParent.value() == 1729)
    #expect(model.nestedChild.value() == 1)

    withDependencies {
      $0.nestedChild.value = { 42 }
    } operation: {
      #expect(model.nestedParent.value() == 42)
      #expect(model.nestedChild.value() == 42)
    }
  }

  @Test func testParentChildScoping() {
    withDependencies {
      $0.context = .live
    } operation: {
      @Dependency(\.date) var date
      _ = date.now

      final class ParentModel {
        @Dependency(\.date) var date
        var child1: Child1Model?
        var child2: Child2Model?
        func goToChild1() {
          self.child1 = withDependencies(from: self) { Child1Model() }
        }
        func goToChild2() {
          self.child2 = withDependencies(from: self) { Child2Model() }
        }
      }
      final class Child1Model {
        @Dependency(\.date) var date
      }
      final class Child2Model {
        @Dependency(\.date) var date
      }

      let model = withDependencies {
        $0.date = .constant(Timestamp(timeIntervalSince1970: 1))
      } operation: {
        ParentModel()
      }

      withDependencies {
        $0.date = .constant(Timestamp(timeIntervalSince1970: 2))
      } operation: {
        model.goToChild1()
      }
      withDependencies {
        $0.date = .constant(Timestamp(timeIntervalSince1970: 3))
      } operation: {
        model.goToChild2()
      }

      #expect(model.date.now.timeIntervalSince1970 == 1)
      #expect(model.child1?.date.now.timeIntervalSince1970 == 2)
      #expect(model.child2?.date.now.timeIntervalSince1970 == 3)
    }
  }

  @Test func testDependencyDiamond() {
    @Dependency(\.diamondA) var diamondA: DiamondDependencyA
    @Dependency(\.diamondB1) var diamondB1: DiamondDependencyB1
    @Dependency(\.diamondB2) var diamondB2: DiamondDependencyB2
    @Dependency(\.diamondC) var diamondC: DiamondDependencyC

    #expect(diamondA.value() == 1 + 1 + 42 + 1729)
    #expect(diamondB1.value() == 1 + 42)
    #expect(diamondB2.value() == 1 + 1729)
    #expect(diamondC.value() == 1)

    withDependencies {
      $0.diamondC.value = { 2 }
    } operation: {
      #expect(diamondA.value() == 2 + 2 + 42 + 1729)
      #expect(diamondB1.value() == 2 + 42)
      #expect(diamondB2.value() == 2 + 1729)
      #expect(diamondC.value() == 2)
    }

    withDependencies {
      $0.diamondB1.value = { 100 }
      $0.diamondB2.value = { 200 }
    } operation: {
      #expect(diamondA.value() == 100 + 200)
      #expect(diamondB1.value() == 100)
      #expect(diamondB2.value() == 200)
      #expect(diamondC.value() == 1)
    }
  }

  @Test func testClientWithDependency() {
    @Dependency(\.clientWithDependency) var clientWithDependency: ClientWithDependency
    withDependencies {
      $0.eagerChild.value = 99
    } operation: {
      #expect(clientWithDependency.value() == 99)
      withDependencies {
        $0.eagerChild.value = 42
      } operation: {
        #expect(clientWithDependency.value() == 42)
      }
    }
  }

  // CacheTests: a default made while another is being made (re-entrant access) is made once and
  // kept; upstream fails the test from the inner value's `deinit`.
  @Test func testCacheWithReEntrantAccess() {
    InnerDependency.made.withLock { $0 = 0 }
    @Dependency(OuterDependencyTests.self) var outerDependency
    _ = outerDependency
    _ = outerDependency
    @Dependency(InnerDependency.self) var innerDependency
    innerDependency.perform()
    #expect(InnerDependency.made.withLock { $0 } == 1)
    #expect(InnerDependency.Ref.released.withLock { $0 } == 0)
  }
}

private struct EagerParentDependency: TestDependencyKey {
  var value: Int

  static var testValue: Self {
    @Dependency(\.eagerChild) var child
    return Self(value: child.value)
  }
}
private struct EagerChildDependency: TestDependencyKey {
  var value: Int
  static let testValue = Self(value: 1729)
}
private struct LazyParentDependency: TestDependencyKey {
  var value: @Sendable () -> Int
  static let testValue = Self {
    @Dependency(\.lazyChild) var child
    return child.value()
  }
}
private struct LazyChildDependency: TestDependencyKey {
  var value: @Sendable () -> Int
  static let testValue = Self { 1729 }
}
private struct NestedParentDependency: TestDependencyKey {
  var value: @Sendable () -> Int
  static var testValue: NestedParentDependency {
    @Dependency(\.nestedChild) var child
    return Self {
      child.value()
    }
  }
}
private struct NestedChildDependency: TestDependencyKey {
  var value: @Sendable () -> Int
  static let testValue = Self { 1729 }
}
private struct DiamondDependencyA: TestDependencyKey {
  var value: @Sendable () -> Int
  static let testValue = Self {
    @Dependency(\.diamondB1) var diamondB1
    @Dependency(\.diamondB2) var diamondB2
    return diamondB1.value() + diamondB2.value()
  }
}
private struct DiamondDependencyB1: TestDependencyKey {
  var value: @Sendable () -> Int
  static let testValue = Self {
    @Dependency(\.diamondC) var diamondC
    return diamondC.value() + 42
  }
}
private struct DiamondDependencyB2: TestDependencyKey {
  var value: @Sendable () -> Int
  static let testValue = Self {
    @Dependency(\.diamondC) var diamondC
    return diamondC.value() + 1729
  }
}
private struct DiamondDependencyC: TestDependencyKey {
  var value: @Sendable () -> Int
  static let testValue = Self { 1 }
}
private struct ClientWithDependency: TestDependencyKey {
  @Dependency(\.eagerChild) var eagerChild
  var onValue: @Sendable (EagerChildDependency) -> Int = { $0.value }
  func value() -> Int {
    self.onValue(self.eagerChild)
  }
  static let testValue = Self()
}

private struct OuterDependencyTests: TestDependencyKey {
  static var testValue: OuterDependencyTests {
    @Dependency(InnerDependency.self) var innerDependency
    _ = innerDependency
    return Self()
  }
}
private struct InnerDependency: TestDependencyKey {
  static let made = Mutex(0)
  let perform: @Sendable () -> Void
  final class Ref: Sendable {
    static let released = Mutex(0)
    deinit { Self.released.withLock { $0 += 1 } }
  }
  static var testValue: InnerDependency {
    made.withLock { $0 += 1 }
    let ref = Ref()
    return Self {
      _ = ref
    }
  }
}

extension DependencyValues {
  fileprivate var eagerParent: EagerParentDependency {
    get { self[EagerParentDependency.self] }
    set { self[EagerParentDependency.self] = newValue }
  }
  fileprivate var eagerChild: EagerChildDependency {
    get { self[EagerChildDependency.self] }
    set { self[EagerChildDependency.self] = newValue }
  }
  fileprivate var lazyParent: LazyParentDependency {
    get { self[LazyParentDependency.self] }
    set { self[LazyParentDependency.self] = newValue }
  }
  fileprivate var lazyChild: LazyChildDependency {
    get { self[LazyChildDependency.self] }
    set { self[LazyChildDependency.self] = newValue }
  }
  fileprivate var nestedParent: NestedParentDependency {
    get { self[NestedParentDependency.self] }
    set { self[NestedParentDependency.self] = newValue }
  }
  fileprivate var nestedChild: NestedChildDependency {
    get { self[NestedChildDependency.self] }
    set { self[NestedChildDependency.self] = newValue }
  }
  fileprivate var diamondA: DiamondDependencyA {
    get { self[DiamondDependencyA.self] }
    set { self[DiamondDependencyA.self] = newValue }
  }
  fileprivate var diamondB1: DiamondDependencyB1 {
    get { self[DiamondDependencyB1.self] }
    set { self[DiamondDependencyB1.self] = newValue }
  }
  fileprivate var diamondB2: DiamondDependencyB2 {
    get { self[DiamondDependencyB2.self] }
    set { self[DiamondDependencyB2.self] = newValue }
  }
  fileprivate var diamondC: DiamondDependencyC {
    get { self[DiamondDependencyC.self] }
    set { self[DiamondDependencyC.self] = newValue }
  }
  fileprivate var clientWithDependency: ClientWithDependency {
    get { self[ClientWithDependency.self] }
    set { self[ClientWithDependency.self] = newValue }
  }
}
