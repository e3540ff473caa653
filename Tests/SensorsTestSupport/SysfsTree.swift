import Foundation
import LinuxIIO
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// A throw-away directory laid out like `/sys/bus/iio/devices`, with a `dev/` beside it for
/// character devices, built from umockdev descriptions of real devices or attribute by
/// attribute. Removed when released.
public final class SysfsTree {
  /// The temporary directory holding `sys/` and `dev/`.
  public let base: String
  /// Where the devices are: `<base>/sys/bus/iio/devices`.
  public var root: String { base + "/sys/bus/iio/devices" }
  /// Where the character devices are: `<base>/dev`.
  public var devDirectory: String { base + "/dev" }
  /// LinuxIIO's view of the tree.
  public var system: IIOSystem { IIOSystem(root: root, deviceDirectory: devDirectory) }

  /// An empty tree.
  public init() throws {
    base =
      FileManager.default.temporaryDirectory.appendingPathComponent(
        "sysfs-tree-\(UUID().uuidString)"
      ).path
    try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    try FileManager.default.createDirectory(atPath: devDirectory, withIntermediateDirectories: true)
  }

  /// A tree with the devices and triggers of `fixtures` (`pyadi-adxl355`, …) from `bundle`.
  public convenience init(fixtures: [String], in bundle: Bundle) throws {
    try self.init()
    for fixture in fixtures { try add(fixture: fixture, in: bundle) }
  }

  deinit { try? FileManager.default.removeItem(atPath: base) }

  /// Adds a fixture's devices, optionally under other directory names (`iio:device1`). Each
  /// attribute ends with a newline, as the kernel writes them.
  public func add(fixture: String, in bundle: Bundle, renaming: [String: String] = [:]) throws {
    for device in try UmockdevDescription.fixture(fixture, in: bundle).devices {
      let directory = renaming[device.directoryName] ?? device.directoryName
      for (name, value) in device.attributes {
        try write(directory + "/" + name, value.hasSuffix("\n") ? value : value + "\n")
      }
    }
  }

  /// Writes `value` to a file relative to the root, creating directories as needed.
  ///
  /// A plain `open`/`write`/`close`, not `Data.write(to:)`: that one calls `fsync`, and a tree
  /// of a few hundred attributes built on a cooperative thread then waits on the disk hundreds
  /// of times; on a machine busy writing (builds beside the tests) those waits stalled the
  /// whole run. A throw-away tree needs no durability.
  public func write(_ relativePath: String, _ value: String) throws {
    let path = root + "/" + relativePath
    try FileManager.default.createDirectory(
      at: URL(fileURLWithPath: path).deletingLastPathComponent(),
      withIntermediateDirectories: true)
    let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    guard fd >= 0 else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
    defer { close(fd) }
    var bytes = Array(value.utf8)[...]
    while !bytes.isEmpty {
      let count = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
      if count < 0, errno == EINTR { continue }
      guard count > 0 else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
      bytes = bytes.dropFirst(count)
    }
  }

  /// The content of a file relative to the root, without its trailing newline.
  public func read(_ relativePath: String) throws -> String {
    try Self.read(root + "/" + relativePath)
  }

  /// The content of a file, without its trailing newline (usable from any task).
  public static func read(_ path: String) throws -> String {
    let text = try String(contentsOfFile: path, encoding: .utf8)
    return text.hasSuffix("\n") ? String(text.dropLast()) : text
  }

  /// Removes a file or directory relative to the root.
  public func remove(_ relativePath: String) throws {
    try FileManager.default.removeItem(atPath: root + "/" + relativePath)
  }

  /// Descriptors this process holds open on anything inside the tree, `excluded` aside: what a
  /// reader must release. Counting by path keeps the check exact while other tests run.
  public func openDescriptors(excluding excluded: Set<Int32> = []) -> Int {
    let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
    return entries.filter { entry in
      guard let fd = Int32(entry), !excluded.contains(fd) else { return false }
      let target = try? FileManager.default.destinationOfSymbolicLink(
        atPath: "/proc/self/fd/" + entry)
      return target?.hasPrefix(base) ?? false
    }.count
  }

  /// Waits until a reader thread has finished tearing down, that is until no descriptor into the
  /// tree is open; false, with an issue, if that never happens (see
  /// ``waitUntil(_:timeout:sourceLocation:_:)``).
  @discardableResult
  public func waitUntilReleased(sourceLocation: SourceLocation = #_sourceLocation) async -> Bool {
    await waitUntil("no descriptor into the tree is open", sourceLocation: sourceLocation) {
      openDescriptors() == 0
    }
  }
}
