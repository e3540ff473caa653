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
    base = FileManager.default.temporaryDirectory.appendingPathComponent(
      "linuxiio-\(UUID().uuidString)")
    try FileManager.default.createDirectory(
      atPath: base.appendingPathComponent("sys/bus/iio/devices").path,
      withIntermediateDirectories: true)
    try FileManager.default.createDirectory(
      atPath: base.appendingPathComponent("dev").path,
      withIntermediateDirectories: true)
  }

  /// Builds the devices and triggers of a fixture (`pyadi-adxl355`, …) under the root.
  convenience init(fixture: String) throws {
    try self.init()
    try add(fixture: fixture)
  }

  deinit { try? FileManager.default.removeItem(at: base) }

  /// Adds a fixture's devices, optionally under other directory names (`iio:device1`).
  func add(fixture: String, renaming: [String: String] = [:]) throws {
    for device in try UmockdevDescription.load(fixture).devices {
      let directory = renaming[device.directoryName] ?? device.directoryName
      for (name, value) in device.attributes {
        try write(directory + "/" + name, value)
      }
    }
  }

  /// Writes `value` to a file relative to the root, creating directories as needed.
  func write(_ relativePath: String, _ value: String) throws {
    let url = URL(fileURLWithPath: root).appendingPathComponent(relativePath)
    try FileManager.default.createDirectory(
      at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(value.utf8).write(to: url)
  }

  /// The content of a file relative to the root, without its trailing newline.
  func read(_ relativePath: String) throws -> String {
    try Self.read(root + "/" + relativePath)
  }

  /// The content of a file, without its trailing newline (usable from any task).
  static func read(_ path: String) throws -> String {
    let text = try String(contentsOfFile: path, encoding: .utf8)
    return text.hasSuffix("\n") ? String(text.dropLast()) : text
  }

  func remove(_ relativePath: String) throws {
    try FileManager.default.removeItem(atPath: root + "/" + relativePath)
  }

  /// Descriptors this process holds open on anything inside the tree: what a reader must
  /// release. Counting by path keeps the check exact while other tests run in parallel.
  func openDescriptors(excluding excluded: Set<Int32> = []) -> Int {
    let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
    return entries.filter { entry in
      guard let fd = Int32(entry), !excluded.contains(fd) else { return false }
      let target =
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/" + entry)) ?? ""
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

/// A FIFO standing in for `/dev/iio:deviceN`: the test writes scans into it as the kernel
/// would, and closing it looks to the reader like the device going away (end of file).
final class FakeCharacterDevice {
  let path: String
  private(set) var fd: Int32

  init(tree: SysfsTree, index: Int = 0) throws {
    path = tree.devDirectory + "/iio:device\(index)"
    guard mkfifo(path, 0o600) == 0 else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
    // Read-write, so opening never blocks and the reader never sees end of file early.
    fd = open(path, O_RDWR | O_CLOEXEC)
    guard fd >= 0 else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
  }

  func write(_ bytes: [UInt8]) throws {
    try Self.write(bytes, to: fd)
  }

  /// Writes all of `bytes` to a descriptor (usable from any task).
  static func write(_ bytes: [UInt8], to fd: Int32) throws {
    var written = 0
    while written < bytes.count {
      let count = bytes[written...].withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
      guard count > 0 else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
      written += count
    }
  }

  /// Closes the writing end: the reader's next read sees end of file.
  func unplug() {
    if fd >= 0 { close(fd) }
    fd = -1
  }

  deinit { unplug() }
}

/// Waits, briefly, for a reader thread to reach a state; false if it never did.
func eventually(_ condition: @Sendable () throws -> Bool) async -> Bool {
  for _ in 0..<400 {
    if (try? condition()) == true { return true }
    try? await Task.sleep(for: .milliseconds(5))
  }
  return false
}
