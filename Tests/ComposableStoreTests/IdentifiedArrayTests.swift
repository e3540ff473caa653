import ComposableStore
import Testing

private struct Device: Equatable, Sendable, Identifiable {
  var id: String
  var rate = 0
}

@Suite struct IdentifiedArrayTests {
  @Test func keepsOrderAndFindsByID() {
    var devices: IdentifiedArrayOf<Device> = [Device(id: "a"), Device(id: "b"), Device(id: "c")]
    #expect(devices.ids == ["a", "b", "c"])
    #expect(devices[id: "b"] == Device(id: "b"))
    #expect(devices.index(id: "c") == 2)
    devices[id: "b"]?.rate = 100
    #expect(devices[1].rate == 100)
    #expect(devices[id: "z"] == nil)
  }

  @Test func removingReindexesTheRest() {
    var devices: IdentifiedArrayOf<Device> = [Device(id: "a"), Device(id: "b"), Device(id: "c")]
    #expect(devices.remove(id: "a") == Device(id: "a"))
    #expect(devices.index(id: "c") == 1)
    devices[id: "b"] = nil
    #expect(devices.ids == ["c"])
    #expect(devices.remove(id: "missing") == nil)
    devices.removeAll(where: { $0.id == "c" })
    #expect(devices.isEmpty)
  }

  @Test func idsStayUnique() {
    var devices = IdentifiedArrayOf<Device>(
      uniqueElements: [Device(id: "a"), Device(id: "b"), Device(id: "a", rate: 5)])
    #expect(devices.elements == [Device(id: "a", rate: 5), Device(id: "b")])
    #expect(devices.append(Device(id: "b", rate: 9)) == (false, 1))
    #expect(devices[id: "b"]?.rate == 0)
    #expect(devices.updateOrAppend(Device(id: "b", rate: 9)) == Device(id: "b"))
    #expect(devices.insert(Device(id: "c"), at: 0) == (true, 0))
    #expect(devices.ids == ["c", "a", "b"])
    #expect(devices.index(id: "b") == 2)
  }

  @Test func changingAnElementsIDRekeysIt() {
    var devices: IdentifiedArrayOf<Device> = [Device(id: "a"), Device(id: "b"), Device(id: "c")]
    devices[id: "a"]?.id = "z"
    #expect(devices.ids == ["z", "b", "c"])
    #expect(devices.index(id: "z") == 0)
    #expect(devices[id: "a"] == nil)
    // Taking another element's id replaces that element.
    devices[id: "c"]?.id = "b"
    #expect(devices.ids == ["z", "b"])
    #expect(devices.index(id: "b") == 1)
  }

  @Test func movesAndSorts() {
    var devices: IdentifiedArrayOf<Device> = [Device(id: "a"), Device(id: "b"), Device(id: "c")]
    devices.move(fromOffsets: [0], toOffset: 3)
    #expect(devices.ids == ["b", "c", "a"])
    #expect(devices.index(id: "a") == 2)
    devices.sort { $0.id < $1.id }
    #expect(devices.ids == ["a", "b", "c"])
    #expect(devices.index(id: "c") == 2)
  }

  @Test func equalityAndDescriptionAreTheElements() {
    let one: IdentifiedArrayOf<Device> = [Device(id: "a")]
    #expect(one == [Device(id: "a")])
    #expect(one != [Device(id: "a", rate: 1)])
    #expect(dumpLines(one) == ["[", "  [0]: Device(", "    id: \"a\",", "    rate: 0", "  )", "]"])
  }
}
