import Foundation

/// The devices of a `.umockdev` fixture: sysfs path, attributes (`A:` lines, escapes decoded)
/// and device node content (`N:`).
struct UmockdevDescription {
  struct Device {
    var sysfsPath: String
    var attributes: [(String, String)] = []
    /// `iio:device0`, `trigger0`: the last component of the sysfs path.
    var directoryName: String { String(sysfsPath.split(separator: "/").last ?? "") }
  }

  var devices: [Device] = []

  static func url(_ fixture: String, extension ext: String = "umockdev") throws -> URL {
    guard
      let url = Bundle.module.url(
        forResource: fixture, withExtension: ext, subdirectory: "Fixtures")
    else {
      throw CocoaError(
        .fileNoSuchFile, userInfo: [NSFilePathErrorKey: "Fixtures/\(fixture).\(ext)"])
    }
    return url
  }

  static func load(_ fixture: String) throws -> UmockdevDescription {
    let text = try String(contentsOf: url(fixture), encoding: .utf8)
    var description = UmockdevDescription()
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.hasPrefix("P: ") {
        description.devices.append(Device(sysfsPath: String(line.dropFirst(3))))
      } else if line.hasPrefix("A: "), let equals = line.firstIndex(of: "=") {
        let name = String(line[line.index(line.startIndex, offsetBy: 3)..<equals])
        let value = unescape(line[line.index(after: equals)...])
        description.devices[description.devices.count - 1].attributes.append((name, value))
      }
    }
    return description
  }

  /// umockdev escapes newlines as `\n` and backslashes as `\\`.
  static func unescape(_ text: Substring) -> String {
    var result = ""
    var escaped = false
    for character in text {
      if escaped {
        result.append(character == "n" ? "\n" : character)
        escaped = false
      } else if character == "\\" {
        escaped = true
      } else {
        result.append(character)
      }
    }
    return result
  }

  /// The bytes of a binary fixture (`isp-orientation-left-up` → `.bin`).
  static func bytes(_ fixture: String) throws -> [UInt8] {
    [UInt8](try Data(contentsOf: url(fixture, extension: "bin")))
  }
}
