import Foundation

/// The devices of a `.umockdev` description (umockdev-record's text format): for each device its
/// sysfs path (`P:`) and attributes (`A:`, escapes decoded). Enough to read real boards' values
/// and to lay them out as a ``SysfsTree``.
///
/// Fixtures live in each test target's `Fixtures/` folder, so the lookups take that target's
/// bundle (`Bundle.module`); those several targets use live once, in this target's `Fixtures/`,
/// where every lookup also looks.
public struct UmockdevDescription: Sendable {
  /// One device of the description.
  public struct Device: Sendable {
    /// Its sysfs path (`/sys/devices/…/iio:device0`).
    public var sysfsPath: String
    /// Its attributes in file order: path relative to the device, and content as the kernel
    /// shows it (usually with a trailing newline).
    public var attributes: [(name: String, value: String)] = []

    /// `iio:device0`, `trigger0`: the last component of the sysfs path.
    public var directoryName: String { String(sysfsPath.split(separator: "/").last ?? "") }

    /// The content of attribute `name` without its trailing newlines, or nil if absent.
    public func value(_ name: String) -> String? {
      guard var value = attributes.first(where: { $0.name == name })?.value else { return nil }
      while value.hasSuffix("\n") { value.removeLast() }
      return value
    }
  }

  /// The devices, in file order.
  public var devices: [Device] = []

  /// Parses the text of a description.
  public init(parsing text: String) {
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.hasPrefix("P: ") {
        devices.append(Device(sysfsPath: String(line.dropFirst(3))))
      } else if line.hasPrefix("A: "), !devices.isEmpty, let equals = line.firstIndex(of: "=") {
        let name = String(line[line.index(line.startIndex, offsetBy: 3)..<equals])
        let value = Self.unescape(line[line.index(after: equals)...])
        devices[devices.count - 1].attributes.append((name, value))
      }
    }
  }

  /// Loads fixture `name` (`pyadi-adxl355`) from `bundle`'s `Fixtures/` folder.
  public static func fixture(_ name: String, in bundle: Bundle) throws -> UmockdevDescription {
    UmockdevDescription(parsing: try String(contentsOf: url(name, in: bundle), encoding: .utf8))
  }

  /// Attribute `name` of device number `device` as a number.
  public func number(_ name: String, device: Int = 0) throws -> Double {
    guard devices.indices.contains(device), let text = devices[device].value(name),
      let value = Double(text)
    else { throw FixtureMissing(name: name) }
    return value
  }

  /// The URL of fixture file `name.ext` in `bundle`'s `Fixtures/` folder (or its `subdirectory`),
  /// or else in the fixtures every test target shares (`Tests/SensorsTestSupport/Fixtures`).
  ///
  /// - Parameter ext: the extension, or nil for a `name` that includes it.
  public static func url(
    _ name: String, extension ext: String? = "umockdev", subdirectory: String? = nil,
    in bundle: Bundle
  ) throws -> URL {
    let folder = subdirectory.map { "Fixtures/\($0)" } ?? "Fixtures"
    for candidate in [bundle, Bundle.module] {
      if let url = candidate.url(forResource: name, withExtension: ext, subdirectory: folder) {
        return url
      }
    }
    throw FixtureMissing(name: "\(folder)/\(name)" + (ext.map { ".\($0)" } ?? ""))
  }

  /// The bytes of a binary fixture (`isp-orientation-left-up` → `Fixtures/….bin`).
  public static func bytes(_ name: String, in bundle: Bundle) throws -> [UInt8] {
    [UInt8](try Data(contentsOf: url(name, extension: "bin", in: bundle)))
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

  /// A fixture file, or a value in one, that is not there.
  public struct FixtureMissing: Error, CustomStringConvertible {
    /// The file (`Fixtures/x.umockdev`) or attribute (`in_accel_scale`) looked for.
    public var name: String
    public var description: String { "fixture value or file \(name) is missing" }
  }
}
