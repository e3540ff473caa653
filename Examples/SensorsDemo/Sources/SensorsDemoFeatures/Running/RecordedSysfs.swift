import Foundation

/// A recorded IIO device laid out as a sysfs tree in a temporary directory, so `sensors-demo
/// devices` can list the bundled recording (a `.umockdev` description) with the same discovery
/// code that reads `/sys/bus/iio/devices`, and without umockdev installed.
///
/// The description is umockdev-record's text format: `P:` starts a device with its sysfs path,
/// `A: NAME=VALUE` is an attribute (`\n` escaped), `L:` a link and `H:` a binary attribute; only
/// IIO devices (`iio:deviceN`) and their text attributes matter for a listing.
struct RecordedSysfs {
  /// The directory to give `IIOSystem(root:)`: one `iio:deviceN` folder per recorded device.
  let root: URL

  /// Writes the tree for the description at `description` under a new temporary directory.
  init(description: URL) throws {
    let text = try String(contentsOf: description, encoding: .utf8)
    let files = FileManager.default
    root = files.temporaryDirectory.appendingPathComponent(
      "sensors-demo-devices-\(UUID().uuidString)", isDirectory: true)
    try files.createDirectory(at: root, withIntermediateDirectories: true)
    var device: URL?
    for line in text.split(separator: "\n") {
      if line.hasPrefix("P: ") {
        let name = line.split(separator: "/").last.map(String.init) ?? ""
        device = name.hasPrefix("iio:device") ? root.appendingPathComponent(name) : nil
        if let device { try files.createDirectory(at: device, withIntermediateDirectories: true) }
      } else if line.hasPrefix("A: "), let device, let equals = line.firstIndex(of: "=") {
        let name = line[line.index(line.startIndex, offsetBy: 3)..<equals]
        // A recorded name never leaves its device's folder.
        guard !name.split(separator: "/").contains("..") else { continue }
        let value = line[line.index(after: equals)...].replacingOccurrences(of: "\\n", with: "\n")
        let file = device.appendingPathComponent(String(name))
        try files.createDirectory(
          at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(value.utf8).write(to: file)
      }
    }
  }

  /// Removes the tree.
  func remove() {
    try? FileManager.default.removeItem(at: root)
  }
}
