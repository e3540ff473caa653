import Foundation
import LinuxIIO
import SensorsTestSupport
import Testing

/// libiio's context XML: as iiod 0.24 prints it, as pyadi-iio saved real boards' contexts, and
/// hostile.
@Suite("iiod context descriptions (libiio XML)")
struct IIODContextTests {
  private func fixture(_ name: String) throws -> [UInt8] {
    let url = try UmockdevDescription.url(
      name, extension: nil, subdirectory: "iiod", in: .module)
    return Array(try Data(contentsOf: url))
  }

  @Test("iiod 0.24's description of the ADIS16480: channels, scan formats, attributes")
  func adis16480() throws {
    let print = try fixture("iiod-adis16480.print")
    // The reply's length line and trailing newline are the protocol's, not the XML's.
    let xml = print.drop { $0 != UInt8(ascii: "\n") }.dropFirst().dropLast()
    let context = try IIODContext(xml: xml)
    #expect(context.name == "local")
    #expect(context.devices.map(\.id) == ["iio:device0", "trigger0"])
    let device = try #require(context.device("iio:device0"))
    #expect(device.channels.count == 12)
    let accel = try #require(device.inputChannel("accel_x"))
    #expect(accel.scanElement?.index == 3)
    #expect(accel.scanElement?.format.description == "be:s32/32>>0")
    #expect(accel.attribute("scale")?.filename == "in_accel_scale")
    #expect(accel.attribute("raw") != nil)
    #expect(device.inputChannel("timestamp")?.scanElement?.format.realBits == 64)
    #expect(device.attribute("sampling_frequency") != nil)
    #expect(device.bufferAttributes.map(\.name) == ["data_available"])
  }

  @Test(
    "pyadi-iio's saved contexts of real boards carry attribute values",
    arguments: ["pyadi-adxl345.xml", "pyadi-adxl355.xml", "pyadi-adis16480.xml"])
  func savedContexts(name: String) throws {
    let context = try IIODContext(xml: try fixture(name))
    #expect(context.name == "network")
    let device = try #require(context.devices.first { $0.id.hasPrefix("iio:device") })
    let accel = try #require(device.inputChannel("accel_x"))
    #expect(accel.attribute("scale")?.value != nil)
    #expect(context.description?.contains("Linux") == true)
  }

  @Test("Entities in attribute values are decoded")
  func entities() throws {
    let xml = #"<context name="a&amp;b" description="&lt;&#65;&#x42;&quot;&apos;&gt;"></context>"#
    let context = try IIODContext(xml: Array(xml.utf8))
    #expect(context.name == "a&b")
    #expect(context.description == "<AB\"'>")
  }

  @Test("Elements of newer libiio versions are skipped with their children")
  func unknownElements() throws {
    let xml = """
      <context name="x"><device id="iio:device0" name="d"><future a="1"><channel id="c" type="input"/></future>\
      <channel id="accel_x" type="input"><attribute name="raw" /></channel></device></context>
      """
    let context = try IIODContext(xml: Array(xml.utf8))
    #expect(context.devices.first?.channels.map(\.id) == ["accel_x"])
  }

  @Test(
    "Hostile descriptions fail with a reason",
    arguments: [
      ("", "there is no <context> element"),
      ("<context name=\"x\">", "<context> is not closed"),
      ("<context name=\"x\"></device>", "</device> closes <context>"),
      ("<context name=x></context>", "an attribute value is not quoted"),
      ("<context name=\"x\"><device></device></context>", "a device without an id"),
      (
        "<context name=\"x\"><channel id=\"a\" type=\"input\"/></context>", "<channel> out of place"
      ),
      ("<context name=\"&bogus;\"></context>", "unknown entity &bogus;"),
      (
        "<context name=\"x\"><device id=\"d\"><channel id=\"a\" type=\"input\"><scan-element index=\"0\" format=\"le:q9/8>>0\"/></channel></device></context>",
        "scan format"
      ),
      ("<!DOCTYPE context [<!ELEMENT a>", "internal subset is not closed"),
      (String(repeating: "<a>", count: 40), "nested too deep"),
    ])
  func hostile(xml: String, reason: String) {
    #expect {
      try IIODContext(xml: Array(xml.utf8), server: "test")
    } throws: { error in
      guard case .malformedContext(let server, let detail) = error as? IIODError else {
        return false
      }
      return server == "test" && detail.contains(reason)
    }
  }
}
