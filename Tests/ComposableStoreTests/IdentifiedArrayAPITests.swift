// The behaviours pinned by swift-identified-collections' IdentifiedArrayTests (MIT licence,
// Point-Free, github.com/pointfreeco/swift-identified-collections), rewritten for Swift Testing
// with `Identifiable` elements; the tests of arrays made with a key path (`id:`) are in
// IdentifiedArrayKeyPathTests.
import ComposableSensorsTesting
import ComposableStore
import FoundationEssentials
import Testing

/// An integer that is its own id, as swift-identified-collections' tests make `Int`.
private struct Number: Identifiable, Hashable, Codable, ExpressibleByIntegerLiteral,
  CustomDebugStringConvertible
{
  let id: Int
  var debugDescription: String { "\(id)" }

  init(integerLiteral value: Int) { id = value }

  init(from decoder: any Decoder) throws {
    id = try decoder.singleValueContainer().decode(Int.self)
  }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(id)
  }
}

private struct User: Equatable, Identifiable {
  let id: Int
  var name: String
}

private struct Model: Equatable, Identifiable {
  let id: Int
  let data: String
}

@Suite struct IdentifiedArrayAPITests {
  private let users: IdentifiedArrayOf<User> = [
    User(id: 1, name: "Blob"), User(id: 2, name: "Blob, Jr."), User(id: 3, name: "Blob, Sr."),
  ]

  @Test func idsAndElementsFollowTheOrder() {
    let numbers: IdentifiedArrayOf<Number> = [1, 2, 3]
    #expect(numbers.ids == [1, 2, 3])
    #expect(users.elements == users.map { $0 })
  }

  @Test func theIDSubscriptReadsModifiesRemovesAndAdds() {
    var array = users
    #expect(array[id: 2] == User(id: 2, name: "Blob, Jr."))
    array[id: 1]?.name += ", Esq."
    array[id: 2]?.name.removeLast(5)
    array[id: 3] = nil
    #expect(array[id: 3] == nil)
    array[id: 4] = User(id: 4, name: "Blob, Sr.")
    #expect(
      array == [
        User(id: 1, name: "Blob, Esq."), User(id: 2, name: "Blob"), User(id: 4, name: "Blob, Sr."),
      ])
  }

  @Test func containsAndIndexOfAnID() {
    let numbers: IdentifiedArrayOf<Number> = [1, 2, 3]
    #expect(numbers.contains(2))
    #expect(numbers.index(id: 2) == 1)
    #expect(numbers.index(id: 9) == nil)
  }

  @Test func removeByElementAndByID() {
    var numbers: IdentifiedArrayOf<Number> = [1, 2, 3]
    #expect(numbers.remove(2) == 2)
    #expect(numbers == [1, 3])
    #expect(numbers.remove(7) == nil)
    #expect(numbers.remove(id: 1) == 1)
    #expect(numbers == [3])
    #expect(numbers.index(id: 3) == 0)
  }

  @Test func codableRoundTripsAndRejectsDuplicates() throws {
    let numbers: IdentifiedArrayOf<Number> = [1, 2, 3]
    let decoded = try JSONDecoder().decode(
      IdentifiedArrayOf<Number>.self, from: JSONEncoder().encode(numbers))
    #expect(decoded == numbers)
    #expect(
      try JSONDecoder().decode(IdentifiedArrayOf<Number>.self, from: Data("[1,2,3]".utf8))
        == numbers)
    do {
      _ = try JSONDecoder().decode(IdentifiedArrayOf<Number>.self, from: Data("[1,1,1]".utf8))
      Issue.record("decoding duplicate ids succeeded")
    } catch DecodingError.dataCorrupted(let context) {
      #expect(context.debugDescription == "Duplicate element at offset 1")
    }
  }

  @Test func descriptionsAndMirror() {
    let numbers: IdentifiedArrayOf<Number> = [1, 2, 3]
    #expect(numbers.description == "[1, 2, 3]")
    #expect(numbers.debugDescription == "IdentifiedArray<Number>([1, 2, 3])")
    let mirror = Mirror(reflecting: numbers)
    #expect(mirror.displayStyle == .collection)
    #expect(mirror.superclassMirror == nil)
    #expect(mirror.children.allSatisfy { $0.label == nil })
    #expect(mirror.children.map { $0.value as? Number } == [1, 2, 3])
  }

  @Test func hashable() {
    let numbers: IdentifiedArrayOf<Number> = [1, 2, 3]
    #expect(Set([numbers]) == Set([numbers, numbers]))
  }

  @Test func everyInitialiserFromUniqueElements() {
    let numbers: IdentifiedArrayOf<Number> = [1, 2, 3]
    #expect(IdentifiedArray(uncheckedUniqueElements: [1, 2, 3]) == numbers)
    #expect(IdentifiedArray(uniqueElements: numbers) == numbers)
    #expect(IdentifiedArray(uniqueElements: numbers[...]) == numbers)
    #expect(IdentifiedArray(uniqueElements: [1, 2, 3]) == numbers)
    #expect(IdentifiedArray(numbers) == numbers)
    #expect(IdentifiedArray(numbers[...]) == numbers)
    #expect(IdentifiedArrayOf<Number>([1, 2, 3]) == numbers)
  }

  @Test func uncheckedUniqueElementsStillKeepsIDsUnique() {
    let array = IdentifiedArray(uncheckedUniqueElements: [
      Model(id: 1, data: "A"), Model(id: 1, data: "B"),
    ])
    #expect(array.elements == [Model(id: 1, data: "B")])
    #expect(array.index(id: 1) == 0)
  }

  @Test func uniquingIDsWithChoosesBetweenDuplicates() {
    let models = [Model(id: 1, data: "A"), Model(id: 2, data: "B"), Model(id: 1, data: "AAAA")]
    let first = IdentifiedArray(models) { earlier, _ in earlier }
    #expect(
      first == IdentifiedArray(uniqueElements: [Model(id: 1, data: "A"), Model(id: 2, data: "B")]))
    let later = IdentifiedArray(models) { _, later in later }
    #expect(
      later
        == IdentifiedArray(uniqueElements: [Model(id: 1, data: "AAAA"), Model(id: 2, data: "B")]))
  }

  @Test func appendReportsWhetherItInserted() {
    var numbers: IdentifiedArrayOf<Number> = [1, 2, 3]
    var (inserted, index) = numbers.append(4)
    #expect(inserted && index == 3)
    (inserted, index) = numbers.append(2)
    #expect(!inserted && index == 1)
    #expect(numbers == [1, 2, 3, 4])
    numbers.append(contentsOf: [1, 5, 3, 6])
    #expect(numbers == [1, 2, 3, 4, 5, 6])
  }

  @Test func insertReportsWhetherItInserted() {
    var numbers: IdentifiedArrayOf<Number> = [1, 2, 3]
    var (inserted, index) = numbers.insert(0, at: 0)
    #expect(inserted && index == 0)
    (inserted, index) = numbers.insert(2, at: 0)
    #expect(!inserted && index == 2)
    #expect(numbers == [0, 1, 2, 3])
  }

  @Test func updateAtReturnsTheReplacedElement() {
    var array = users
    #expect(array.update(User(id: 2, name: "Junior"), at: 1) == User(id: 2, name: "Blob, Jr."))
    #expect(array[id: 2]?.name == "Junior")
  }

  @Test func updateOrAppendAndUpdateOrInsert() {
    var numbers: IdentifiedArrayOf<Number> = [1, 2, 3]
    #expect(numbers.updateOrAppend(4) == nil)
    #expect(numbers.updateOrAppend(2) == 2)
    #expect(numbers == [1, 2, 3, 4])
    var (original, index) = numbers.updateOrInsert(0, at: 0)
    #expect(original == nil && index == 0)
    (original, index) = numbers.updateOrInsert(2, at: 0)
    #expect(original == 2 && index == 2)
    #expect(numbers == [0, 1, 2, 3, 4])
  }

  @Test func partitionKeepsTheIndex() {
    var numbers: IdentifiedArrayOf<Number> = [1, 2]
    #expect(numbers.partition { $0.id == 1 } == 1)
    #expect(numbers == [2, 1])
    for id in numbers.ids { #expect(numbers[id: id]?.id == id) }
  }

  @Test(arguments: [(0, [1, 3, 2]), (1, [1, 3, 2]), (2, [2, 1, 3])])
  func moveFromOffsetsToOffset(destination: Int, expected: [Int]) {
    var numbers: IdentifiedArrayOf<Number> = [1, 2, 3]
    numbers.move(fromOffsets: [0, 2], toOffset: destination)
    #expect(numbers.ids == expected)
    #expect(numbers.ids.map { numbers.index(id: $0) } == [0, 1, 2])
  }

  @Test func removeAtOffsetsIgnoresOffsetsOutside() {
    var numbers: IdentifiedArrayOf<Number> = [1, 2, 3]
    numbers.remove(atOffsets: [0, 2])
    #expect(numbers == [2])
    #expect(numbers.index(id: 2) == 0)
    numbers.remove(atOffsets: [5, -1])
    #expect(numbers == [2])
  }

  @Test func equalityDoesNotDependOnTheInitialiser() {
    struct Foo: Identifiable, Equatable {
      var id = "id"
      var value = "value"
    }
    var arrays: [IdentifiedArrayOf<Foo>] = [
      IdentifiedArray(), IdentifiedArray(uncheckedUniqueElements: []),
      IdentifiedArray(uniqueElements: []), [], IdentifiedArray([]),
    ]
    #expect(arrays.allSatisfy { $0 == arrays[0] })
    for index in arrays.indices { arrays[index].append(Foo()) }
    #expect(arrays.allSatisfy { $0 == arrays[0] })
    for index in arrays.indices { arrays[index].append(Foo(id: "id2", value: "\(index)")) }
    for (left, lhs) in arrays.enumerated() {
      for (right, rhs) in arrays.enumerated() where left != right { #expect(lhs != rhs) }
    }
  }

  @Test func assigningAtAPositionReplacesTheElement() {
    struct Item: Identifiable { let id: Int }
    var items: IdentifiedArrayOf<Item> = [Item(id: 1), Item(id: 2), Item(id: 3)]
    items[1] = Item(id: 4)
    #expect(items.map(\.id) == [1, 4, 3])
    #expect(items.index(id: 4) == 1 && items.index(id: 2) == nil)
    items[0] = Item(id: 3)
    #expect(items.map(\.id) == [3, 4, 1])
    #expect(items.ids.map { items.index(id: $0) } == [0, 1, 2])
  }

  @Test func modifyingAtAPositionKeepsTheID() {
    var array = users
    array[0].name = "Blobby"
    #expect(array[id: 1]?.name == "Blobby")
    let warnings = collectingRuntimeWarnings { array.update(User(id: 9, name: "Nine"), at: 0) }
    #expect(warnings.count == 1)
    #expect(array.ids == [9, 2, 3] && array.index(id: 9) == 0 && array[id: 1] == nil)
  }

  @Test func changingAnIDInPlaceIsAWarningNotACrash() {
    struct Row: Identifiable, Equatable {
      var id: Int
      var value = 0
    }
    var rows: IdentifiedArrayOf<Row> = [Row(id: 1), Row(id: 2), Row(id: 3)]
    let warnings = collectingRuntimeWarnings {
      rows[0].value = 1
      rows[2].id = 1
    }
    #expect(warnings.count == 1)
    #expect(
      warnings.first?.hasPrefix(#"The element at position 2 of an "IdentifiedArray<Row>""#) == true)
    // The element keeps its place under its new id; the element that had that id is gone.
    #expect(rows.elements == [Row(id: 2), Row(id: 1)])
    #expect(rows.ids.map { rows.index(id: $0) } == [0, 1])
  }

  @Test func removeLastAndRemoveFirst() {
    var numbers: IdentifiedArrayOf<Number> = [1, 2, 3]
    #expect(numbers.removeLast() == 3)
    #expect(numbers.removeFirst() == 1)
    #expect(numbers == [2] && numbers.index(id: 2) == 0)
  }
}
