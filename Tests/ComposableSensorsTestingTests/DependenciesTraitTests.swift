import ComposableSensorsTesting
import ComposableStore
import Testing

/// swift-dependencies' `TestTraitTests`, and swift-sharing's `InMemoryTests` that rely on the
/// trait: each test starts from its own dependencies, whatever runs beside it.
@Suite(.dependency(\.uuid, .incrementing))
struct DependenciesTraitTests {
  @Dependency(\.uuid) var uuid

  @Test func statefulDependency1() async throws {
    for index in 0...20 {
      #expect(uuid() == UniqueID(UInt64(index)))
      await Task.yield()
    }
  }

  @Test func statefulDependency2() async throws {
    for index in 0...20 {
      #expect(uuid() == UniqueID(UInt64(index)))
      await Task.yield()
    }
  }

  /// swift-sharing's `InMemoryTests.mutation`: "count" starts empty in every test.
  @Test(arguments: 1...3) func mutation(_: Int) {
    @Shared(.inMemory("count")) var count = 0
    #expect(count == 0)
    $count.withLock { $0 += 1 }
    #expect(count == 1)
    @Shared(.inMemory("count")) var anotherCount = 0
    #expect(anotherCount == 1)
    $anotherCount.withLock { $0 += 1 }
    #expect(count == 2)
  }

  @Test(.dependency(\.date, .constant(Timestamp(timeIntervalSince1970: 42))))
  func aTestsTraitAddsToItsSuites() {
    @Dependency(\.date.now) var now
    #expect(now == Timestamp(timeIntervalSince1970: 42))
    #expect(uuid() == UniqueID(0))
  }
}
