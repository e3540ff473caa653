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

  @Test func idIsTheKeyPathTheArrayWasMadeWith() {
    let readings = IdentifiedArray<String, Reading>(id: \.sensor)
    #expect(readings.id == \Reading.sensor)
    // `\.id` made for any `Identifiable` element reads through the protocol, so it is not equal
    // to `\Device.id` written for this type; it reads the same id.
    let devices = IdentifiedArrayOf<Device>()
    #expect(Device(id: "a", name: "accel")[keyPath: devices.id] == "a")
  }

  @Test func anIdentifiableElementMadeWithAnotherKeyPathIsIdentifiedByIt() {
    var devices = IdentifiedArray(
      uniqueElements: [Device(id: "a", name: "accel"), Device(id: "b", name: "gyro")], id: \.name)
    #expect(devices.ids == ["accel", "gyro"])
    #expect(devices[id: "gyro"]?.id == "b")
    #expect(devices[id: "b"] == nil)
    devices.updateOrAppend(Device(id: "z", name: "accel"))
    #expect(devices.elements == [Device(id: "z", name: "accel"), Device(id: "b", name: "gyro")])
    devices[0].id = "y"
    #expect(devices.index(id: "accel") == 0)
    devices.remove(id: "accel")
    #expect(devices.index(id: "gyro") == 0)
  }

  @Test func computedAndNestedKeyPathsIdentifyElements() {
    struct Channel: Equatable {
      struct Source: Equatable { var bus: Int, address: Int }
      var source: Source
      var label: String
      var upperLabel: String { label.uppercased() }
    }
    let channels = [
      Channel(source: .init(bus: 1, address: 0x68), label: "imu"),
      Channel(source: .init(bus: 1, address: 0x1e), label: "mag"),
    ]
    var byAddress = IdentifiedArray(uniqueElements: channels, id: \.source.address)
    #expect(byAddress.ids == [0x68, 0x1e])
    byAddress.remove(id: 0x68)
    #expect(byAddress.index(id: 0x1e) == 0)
    var byUpperLabel = IdentifiedArray(uniqueElements: channels, id: \.upperLabel)
    #expect(byUpperLabel.ids == ["IMU", "MAG"])
    byUpperLabel[id: "IMU"]?.label = "acc"
    #expect(byUpperLabel.ids == ["ACC", "MAG"])
    #expect(byUpperLabel.index(id: "ACC") == 0)
  }

  @Test func containsComparesIDsOnly() {
    let readings = IdentifiedArray(uniqueElements: [Reading(sensor: "a", value: 1)], id: \.sensor)
    #expect(readings.contains(Reading(sensor: "a", value: 99)))
    #expect(!readings.contains(Reading(sensor: "b", value: 1)))
  }

  @Test func copiesSlicesAndFiltersKeepTheKeyPath() {
    let readings = IdentifiedArray(
      uniqueElements: (0..<4).map { Reading(sensor: "s\($0)", value: Double($0)) }, id: \.sensor)
    var copy = IdentifiedArray(readings)
    #expect(copy == readings)
    #expect(copy.append(Reading(sensor: "s1", value: 9)) == (false, 1))
    var slice = IdentifiedArray(readings[1..<3])
    #expect(slice.ids == ["s1", "s2"])
    #expect(slice.index(id: "s2") == 1)
    #expect(slice.append(Reading(sensor: "s2", value: 9)) == (false, 1))
    var large = readings.filter { $0.value >= 2 }
    #expect(large.ids == ["s2", "s3"])
    #expect(large.index(id: "s3") == 1)
    #expect(large.updateOrAppend(Reading(sensor: "s3", value: 7)) == readings[3])
  }

  @Test func removingAtTheEndsKeepsTheIndex() {
    var readings = IdentifiedArray(
      uniqueElements: (0..<8).map { Reading(sensor: "s\($0)", value: Double($0)) }, id: \.sensor)
    #expect(readings.removeFirst().sensor == "s0")
    #expect(readings.removeLast().sensor == "s7")
    readings.removeFirst(2)
    readings.removeLast(1)
    #expect(readings.ids == ["s3", "s4", "s5"])
    readings.removeSubrange(1..<2)
    #expect(readings.ids == ["s3", "s5"])
    #expect(readings.index(id: "s5") == 1)
    #expect(readings[id: "s4"] == nil)
    readings.removeLast(5)
    #expect(readings.isEmpty)
    #expect(readings[id: "s3"] == nil)
  }

  @Test func sharedElementsFollowTheKeyPathsIDs() {
    let shared = Shared(
      IdentifiedArray(
        uniqueElements: [Reading(sensor: "a", value: 1), Reading(sensor: "b", value: 2)],
        id: \.sensor))
    let elements = shared.elements()
    var second = elements[1]
    second.wrappedValue.value = 20
    #expect(shared.wrappedValue[id: "b"]?.value == 20)
    var swapped = shared
    swapped.wrappedValue.swapAt(0, 1)
    #expect(second.wrappedValue == Reading(sensor: "b", value: 20))
  }
}

/// An `Identifiable` element with a second unique property.
private struct Device: Identifiable, Equatable {
  var id: String
  var name = ""
}
