import ComposableSensorsTesting
import ComposableStore
import Testing

/// swift-sharing's `InMemoryTests` (pointfreeco/swift-sharing, Tests/SharingTests) beyond
/// `mutation` (in `DependenciesTraitTests`), under their upstream names. Its `require:`
/// initialisers are `async` there and synchronous here. Each test has its own dependencies, so
/// its own in-memory values.
@Suite(.dependencies) struct SharingInMemoryPortTests {
  @Test func referenceCounting() async throws {
    do {
      @Shared(.inMemory("count")) var count = 0
      #expect(count == 0)
      $count.withLock { $0 += 1 }
      #expect(count == 1)
    }

    do {
      @Shared(.inMemory("count")) var count = 0
      #expect(count == 1)
    }

    do {
      @SharedReader(.inMemory("count")) var count = 0
      #expect(count == 1)
    }

    await Task {
      @Shared(.inMemory("count")) var count = 0
      #expect(count == 1)
    }
    .value
  }

  @Test func `default`() throws {
    do {
      @SharedReader(.inMemory("count")) var count = 10
      _ = count
    }
    do {
      @SharedReader(.inMemory("count")) var count = 0
      #expect(count == 10)
    }
    let sharedCount = try SharedReader<Int>(require: .inMemory("count"))
    #expect(sharedCount.wrappedValue == 10)
  }

  @Test func optionalDefault() {
    do {
      @Shared(.inMemory("count")) var count: Int? = 0
      #expect(count == 0)
    }

    do {
      @Shared(.inMemory("nilCount")) var nilCount: Int? = nil
      #expect(nilCount == nil)
    }

    do {
      @Shared(.inMemory("optionalCount")) var optionalCount: Int?? = .some(0)
      #expect(optionalCount == .some(0))
    }

    do {
      @Shared(.inMemory("nestedOptionalCount")) var nestedOptionalCount: Int?? = .some(.none)
      #expect(nestedOptionalCount == .some(.none))

      @SharedReader(.inMemory("nestedOptionalCountReader")) var nestedOptionalCountReader: Int?? =
        .some(.none)
      #expect(nestedOptionalCountReader == .some(.none))
    }

    #expect(throws: SharedLoadError.self) {
      try Shared<Int?>(require: .inMemory("countNotExist"))
    }
  }
}
