// The tests of swift-identified-collections' IdentifiedArrayTests (MIT licence, Point-Free,
// github.com/pointfreeco/swift-identified-collections) that build arrays with `id:`, under their
// upstream names without the `test` prefix, rewritten for Swift Testing; then this package's own
// tests of arrays whose elements are not `Identifiable`.
import ComposableStore
import FoundationEssentials
import Testing

/// A reading that is not `Identifiable`: arrays of it are identified by `\.sensor`.
private struct Reading: Equatable, Hashable, Codable, Sendable {
  var sensor: String
  var value: Double
}

@Suite struct IdentifiedArrayKeyPathTests {
  /// Upstream `testInitIDUniquingElements`.
  @Test func initIDUniquingElements() {
    struct Model: Equatable {
      let id: Int
      let data: String
    }
    let models = [Model(id: 1, data: "A"), Model(id: 2, data: "B"), Model(id: 1, data: "AAAA")]
    // Choose first element
    let first = IdentifiedArray(models, id: \.id) { lhs, _ in lhs }
    #expect(
      first
        == IdentifiedArray(
          uniqueElements: [Model(id: 1, data: "A"), Model(id: 2, data: "B")], id: \.id))
    // Choose later element
    let later = IdentifiedArray(models, id: \.id) { _, rhs in rhs }
    #expect(
      later
        == IdentifiedArray(
          uniqueElements: [Model(id: 1, data: "AAAA"), Model(id: 2, data: "B")], id: \.id))
  }

  /// Upstream `testEquatable`: arrays made by every initialiser, with and without `id:`, compare
  /// by their elements alone.
  @Test func equatable() {
    struct Foo: Identifiable, Equatable {
      var id: String = "id"
      var value: String = "value"
    }
    var arrays: [IdentifiedArray<String, Foo>] = [
      IdentifiedArray<String, Foo>(),
      IdentifiedArray<String, Foo>(id: \.id),
      IdentifiedArray<String, Foo>(uncheckedUniqueElements: [], id: \.id),
      IdentifiedArray<String, Foo>(uniqueElements: [], id: \.id),
      IdentifiedArray<String, Foo>(uncheckedUniqueElements: []),
      IdentifiedArray<String, Foo>(uniqueElements: []),
    ]
    for lhs in arrays { for rhs in arrays { #expect(lhs == rhs) } }
    for index in arrays.indices { arrays[index].append(Foo()) }
    for lhs in arrays { for rhs in arrays { #expect(lhs == rhs) } }
    for index in arrays.indices { arrays[index].append(Foo(id: "id2", value: "\(index)")) }
    for (lhsIndex, lhs) in arrays.enumerated() {
      for (rhsIndex, rhs) in arrays.enumerated() where lhsIndex != rhsIndex {
        #expect(lhs != rhs)
      }
    }
  }

  @Test func anEmptyArrayMadeWithAKeyPathIdentifiesByIt() {
    var readings = IdentifiedArray<String, Reading>(id: \.sensor)
    #expect(readings.isEmpty)
    #expect(readings.append(Reading(sensor: "accel", value: 1)) == (true, 0))
    #expect(readings.append(Reading(sensor: "accel", value: 2)) == (false, 0))
    #expect(readings.updateOrAppend(Reading(sensor: "gyro", value: 3)) == nil)
    #expect(
      readings.updateOrAppend(Reading(sensor: "accel", value: 4))
        == Reading(sensor: "accel", value: 1))
    #expect(readings.ids == ["accel", "gyro"])
    #expect(readings[id: "accel"]?.value == 4)
    readings[id: "gyro"]?.value = 5
    #expect(readings[1] == Reading(sensor: "gyro", value: 5))
    readings[id: "mag"] = Reading(sensor: "mag", value: 6)
    #expect(readings.index(id: "mag") == 2)
    #expect(readings.remove(id: "accel") == Reading(sensor: "accel", value: 4))
    #expect(readings.ids == ["gyro", "mag"])
    #expect(readings.index(id: "mag") == 1)
  }

  @Test func uniqueElementsWithAKeyPathKeepsTheLastAtTheFirstsPlace() {
    let readings = IdentifiedArray(
      uniqueElements: [
        Reading(sensor: "accel", value: 1), Reading(sensor: "gyro", value: 2),
        Reading(sensor: "accel", value: 3),
      ],
      id: \.sensor)
    #expect(
      readings.elements == [Reading(sensor: "accel", value: 3), Reading(sensor: "gyro", value: 2)])
  }

  @Test func uncheckedUniqueElementsWithAKeyPathStillKeepsIDsUnique() {
    let unique = IdentifiedArray(
      uncheckedUniqueElements: [Reading(sensor: "a", value: 1), Reading(sensor: "b", value: 2)],
      id: \.sensor)
    #expect(unique.index(id: "b") == 1)
    let repeated = IdentifiedArray(
      uncheckedUniqueElements: [
        Reading(sensor: "a", value: 1), Reading(sensor: "b", value: 2),
        Reading(sensor: "a", value: 3),
      ],
      id: \.sensor)
    #expect(repeated.elements == [Reading(sensor: "a", value: 3), Reading(sensor: "b", value: 2)])
    #expect(repeated.index(id: "b") == 1)
  }

  @Test func uniquingIDsWithAKeyPathRethrows() {
    struct Conflict: Error {}
    let readings = [Reading(sensor: "a", value: 1), Reading(sensor: "a", value: 2)]
    #expect(throws: Conflict.self) {
      _ = try IdentifiedArray(readings, id: \.sensor) { _, _ in throw Conflict() }
    }
  }

  @Test func reorderingAndRemovingKeepTheKeyPathIndex() {
    var readings = IdentifiedArray(
      uniqueElements: (0..<5).map { Reading(sensor: "s\($0)", value: Double($0)) }, id: \.sensor)
    readings.move(fromOffsets: [0], toOffset: 5)
    #expect(readings.ids == ["s1", "s2", "s3", "s4", "s0"])
    readings.sort { $0.value > $1.value }
    #expect(readings.ids == ["s4", "s3", "s2", "s1", "s0"])
    readings.remove(atOffsets: [0, 2])
    #expect(readings.ids == ["s3", "s1", "s0"])
    readings.swapAt(0, 2)
    #expect(readings.index(id: "s0") == 0)
    #expect(readings.index(id: "s3") == 2)
    readings.removeAll { $0.value < 1 }
    #expect(readings.ids == ["s1", "s3"])
    #expect(readings.index(id: "s3") == 1)
  }

  @Test func assigningAnElementWithAnotherKeyMovesItsIndexEntry() {
    var readings = IdentifiedArray(
      uniqueElements: [Reading(sensor: "a", value: 1), Reading(sensor: "b", value: 2)], id: \.sensor
    )
    readings[0] = Reading(sensor: "c", value: 3)
    #expect(readings.ids == ["c", "b"])
    #expect(readings[id: "a"] == nil)
    #expect(readings[id: "c"]?.value == 3)
  }

  @Test func encodesLikeAnArrayAndComparesByElements() throws {
    let readings = IdentifiedArray(
      uniqueElements: [Reading(sensor: "a", value: 1), Reading(sensor: "b", value: 2)], id: \.sensor
    )
    let data = try JSONEncoder().encode(readings)
    let decoded = try JSONDecoder().decode([Reading].self, from: data)
    #expect(decoded == readings.elements)
    #expect(IdentifiedArray(uniqueElements: decoded, id: \.sensor) == readings)
    #expect(Set([readings, IdentifiedArray(uniqueElements: decoded, id: \.sensor)]).count == 1)
  }
}
