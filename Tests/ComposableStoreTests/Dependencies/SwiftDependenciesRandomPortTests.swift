// swift-dependencies' WithRandomNumberGeneratorTests (MIT licence, Point-Free,
// github.com/pointfreeco/swift-dependencies,
// Tests/DependenciesTests/WithRandomNumberGeneratorTests.swift), under their upstream names,
// with upstream's linear congruential generator: the same seed draws the same dice.
import ComposableSensorsTesting
import ComposableStore
import Testing

private struct LCRNG: RandomNumberGenerator {
  var seed: UInt64
  mutating func next() -> UInt64 {
    self.seed = 2_862_933_555_777_941_757 &* self.seed &+ 3_037_000_493
    return self.seed
  }
}

@Suite(.dependencies) struct WithRandomNumberGeneratorDependencyTests {
  @Dependency(\.withRandomNumberGenerator) var withRandomNumberGenerator

  @Test func testWithRandomNumberGenerator() {
    withDependencies {
      $0.withRandomNumberGenerator = .init(LCRNG(seed: 0))
    } operation: {
      self.withRandomNumberGenerator { generator -> Void in
        let sequence = [1, 3, 6, 3, 2]
        for expected in sequence {
          #expect(.random(in: 1...6, using: &generator) == expected)
        }
      }
    }
  }

  struct ExpectedError: Error {}

  @Test func testWithRandomNumberGeneratorThrowing() throws {
    #expect(throws: ExpectedError.self, "Expected error should be thrown") {
      try withDependencies {
        $0.withRandomNumberGenerator = .init(LCRNG(seed: 0))
      } operation: {
        try self.withRandomNumberGenerator { generator -> Void in
          let sequence = [1, 3, 6, 3, 2]
          for expected in sequence {
            if expected == 6 {
              throw ExpectedError()
            }
            #expect(.random(in: 1...6, using: &generator) == expected)
          }
        }
      }
    }
  }
}
