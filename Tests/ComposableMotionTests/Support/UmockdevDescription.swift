import Foundation

/// The devices of a `.umockdev` description (umockdev-record's text format): for each device
/// its sysfs path (`P:`) and attributes (`A:`, with `\n` escapes undone and the trailing
/// newline dropped). Enough to read real boards' values and to lay them out as a sysfs tree.
struct UmockdevDescription {
  struct Device {
    var path: String
    var attributes: [String: String]
  }

  var devices: [Device]

  /// Loads a fixture from this test target's `Fixtures/` folder.
  static func fixture(_ name: String) throws -> UmockdevDescription {
    guard
      let url = Bundle.module.url(
        forResource: name, withExtension: "umockdev", subdirectory: "Fixtures")
    else { throw FixtureMissing(name: name) }
    return UmockdevDescription(parsing: try String(contentsOf: url, encoding: .utf8))
  }

  init(parsing text: String) {
    var devices: [Device] = []
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.hasPrefix("P: ") {
        devices.append(Device(path: String(line.dropFirst(3)), attributes: [:]))
      } else if line.hasPrefix("A: "), let equals = line.firstIndex(of: "=") {
        let name = String(line[line.index(line.startIndex, offsetBy: 3)..<equals])
        var value = String(line[line.index(after: equals)...])
          .replacingOccurrences(of: "\\n", with: "\n")
        while value.hasSuffix("\n") { value.removeLast() }
        devices[devices.count - 1].attributes[name] = value
      }
    }
    self.devices = devices
  }

  /// The first device's attribute `name` as a number.
  func number(_ name: String, device: Int = 0) throws -> Double {
    guard let text = devices[device].attributes[name], let value = Double(text) else {
      throw FixtureMissing(name: name)
    }
    return value
  }

  struct FixtureMissing: Error, CustomStringConvertible {
    var name: String
    var description: String { "fixture value or file \(name) is missing" }
  }
}
