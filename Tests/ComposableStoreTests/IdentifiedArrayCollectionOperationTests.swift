// The behaviours pinned by swift-identified-collections' IdentifiedArrayCollectionOperationTests
// (MIT licence, Point-Free): every generic collection algorithm gives the same elements as on an
// `Array`, and the index by id stays right. Rewritten with fixed seeds, so runs are repeatable.
import ComposableStore
import Testing

private struct Item: Identifiable, Comparable {
  let id: Int
  var count: Int

  static func < (lhs: Self, rhs: Self) -> Bool { lhs.count < rhs.count }
}

private protocol TestCollection<Element>:
  MutableCollection, RandomAccessCollection, RangeReplaceableCollection
{}

extension Array: TestCollection {}
extension IdentifiedArray: TestCollection where Element: Identifiable, Element.ID == ID {}

/// A linear congruential generator: the same numbers for the same seed.
private struct SeededGenerator: RandomNumberGenerator {
  var state: UInt64
  mutating func next() -> UInt64 {
    state = 2_862_933_555_777_941_757 &* state &+ 3_037_000_493
    return state
  }
}

/// Runs `operation` on an identified array and on an array of the same items, for sizes 0 to 100,
/// and checks they end with equal elements and results, and that the index is intact.
private func expectSameAsArray<Result: Equatable>(
  _ operation: (inout any TestCollection<Item>, inout SeededGenerator) -> Result,
  sourceLocation: SourceLocation = #_sourceLocation
) {
  for n in 0...10 {
    for seed in 1...10 {
      var generator = SeededGenerator(state: UInt64(n * 100 + seed))
      let items = (0..<(n * n)).map {
        Item(id: $0, count: .random(in: -1_000...1_000, using: &generator))
      }
      var identified: any TestCollection<Item> = IdentifiedArray(uniqueElements: items)
      var array: any TestCollection<Item> = items
      var first = generator
      var second = generator
      let lhs = operation(&identified, &first)
      let rhs = operation(&array, &second)
      #expect(lhs == rhs, sourceLocation: sourceLocation)
      #expect(identified.map(\.id) == array.map(\.id), sourceLocation: sourceLocation)
      guard let result = identified as? IdentifiedArrayOf<Item> else {
        Issue.record("the operation changed the collection's type", sourceLocation: sourceLocation)
        continue
      }
      #expect(
        result.ids.enumerated().allSatisfy { result.index(id: $1) == $0 },
        sourceLocation: sourceLocation)
    }
  }
}

/// ``expectSameAsArray(_:sourceLocation:)`` for operations without a result.
private func expectSameAsArray(
  _ operation: (inout any TestCollection<Item>, inout SeededGenerator) -> Void,
  sourceLocation: SourceLocation = #_sourceLocation
) {
  expectSameAsArray(
    { collection, generator in
      operation(&collection, &generator)
      return true
    }, sourceLocation: sourceLocation)
}

@Suite struct IdentifiedArrayCollectionOperationTests {
  @Test func maxAndMin() {
    expectSameAsArray { collection, _ in collection.max()?.count }
    expectSameAsArray { collection, _ in collection.max(by: >)?.count }
    expectSameAsArray { collection, _ in collection.min()?.count }
    expectSameAsArray { collection, _ in collection.min(by: >)?.count }
  }

  @Test func removeFirstAndRemoveLast() {
    expectSameAsArray { collection, _ in collection.isEmpty ? nil : collection.removeFirst().id }
    expectSameAsArray { collection, _ in collection.isEmpty ? nil : collection.removeLast().id }
  }

  @Test func reverse() {
    expectSameAsArray { collection, _ in collection.reverse() }
  }

  @Test func shuffleUsingAGenerator() {
    expectSameAsArray { collection, generator in collection.shuffle(using: &generator) }
  }

  @Test func sort() {
    expectSameAsArray { collection, _ in collection.sort() }
    expectSameAsArray { collection, _ in collection.sort(by: >) }
  }

  @Test func partition() {
    // The pivot is an existential index here; `partitionKeepsTheIndex` pins it.
    expectSameAsArray { collection, _ in _ = collection.partition { $0.count > 0 } }
  }

  @Test func removeFirstCountAndAppendContentsOf() {
    expectSameAsArray { collection, _ in
      collection.removeFirst(collection.count / 2)
      collection.append(contentsOf: [Item(id: -1, count: 0), Item(id: -2, count: 1)])
    }
  }
}
