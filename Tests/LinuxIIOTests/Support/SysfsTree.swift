import Foundation
import Glibc
import LinuxIIO

/// A temporary directory laid out like `/sys/bus/iio/devices` (and a `dev/` beside it), built
/// from umockdev descriptions of real devices or attribute by attribute. Removed on deinit.
final class SysfsTree {
  let base: URL
  var root: String { base.appendingPathComponent("sys/bus/iio/devices").path }
  var devDirectory: String { base.appendingPathComponent("dev").path }
  var system: IIOSystem { IIOSystem(root: root, deviceDirectory: devDirectory) }

  init() throws {
    base = FileManager.default.temporaryDirectory.appendingPathComponent("linuxiio-\(UUID().uuidString)")
    try FileManager.default.createDirectory(atPath: base.appendingPathComponent("sys/bus/iio/devices").path,
      withIntermediateDirectories: true)
    try FileManager.default.createDirectory(atPath: base.appendingPathComponent("dev").path,
      withIntermediateDirectories: true)
  }

  /// Builds the devices and triggers of a fixture (`pyadi-adxl355`, …) under the root.
  convenience init(fixture: String) throws {
    try self.init()
    try add(fixture: fixture)
  }

  deinit { try? FileManager.default.removeItem(at: base) }

  func add(fixture: String) throws {
    for device in try UmockdevDescription.load(fixture).devices {
      for (name, value) in device.attributes {
        try write(device.directoryName + "/" + name, value)
      }
    }
  }

  /// Writes `value` to a file relative to the root, creating directories as needed.
  func write(_ relativePath: String, _ value: String) throws {
    let url = URL(fileURLWithPath: root).appendingPathComponent(relativePath)
    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(value.utf8).write(to: url)
  }

  /// The content of a file relative to the root, without its trailing newline.
  func read(_ relativePath: String) throws -> String {
    let text = try String(contentsOfFile: root + "/" + relativePath, encoding: .utf8)
    return text.hasSuffix("\n") ? String(text.dropLast()) : text
  }

  func remove(_ relativePath: String) throws {
    try FileManager.default.removeItem(atPath: root + "/" + relativePath)
  }

  /// Descriptors this process holds open on anything inside the tree: what a reader must
  /// release. Counting by path keeps the check exact while other tests run in parallel.
  func openDescriptors() -> Int {
    let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
    return entries.filter { entry in
      let target = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/" + entry)) ?? ""
      return target.hasPrefix(base.path)
    }.count
  }

  /// Waits (briefly, for a reader thread to finish tearing down) until no descriptor into the
  /// tree is open; returns the count left.
  func openDescriptorsAfterTeardown() async -> Int {
    for _ in 0..<200 {
      if openDescriptors() == 0 { return 0 }
      try? await Task.sleep(for: .milliseconds(5))
    }
    return openDescriptors()
  }
}
