import Foundation
import Glibc

/// A throw-away directory shaped like `/sys/bus/iio/devices` plus a `dev/` for character
/// devices, filled from the umockdev fixtures. Deleted when released.
final class SysfsTree {
  let base: String
  var root: String { base + "/sys/bus/iio/devices" }
  var devDirectory: String { base + "/dev" }

  init(fixtures: [String]) throws {
    base = NSTemporaryDirectory() + "motion-sysfs-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    try FileManager.default.createDirectory(atPath: devDirectory, withIntermediateDirectories: true)
    for fixture in fixtures {
      for device in try UmockdevDescription.fixture(fixture).devices {
        let name = String(device.path.split(separator: "/").last ?? "")
        for (attribute, value) in device.attributes {
          try write("\(name)/\(attribute)", value + "\n")
        }
      }
    }
  }

  deinit { try? FileManager.default.removeItem(atPath: base) }

  /// Writes a file relative to the root, creating its directory.
  func write(_ relativePath: String, _ text: String) throws {
    let url = URL(fileURLWithPath: root + "/" + relativePath)
    try FileManager.default.createDirectory(
      at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(text.utf8).write(to: url)
  }

  func remove(_ relativePath: String) throws {
    try FileManager.default.removeItem(atPath: root + "/" + relativePath)
  }

  /// How many of this process's descriptors point into the tree (other tests' files do not
  /// count, so the check holds while suites run in parallel).
  func openDescriptors(excluding excluded: Set<Int32> = []) -> Int {
    let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
    return entries.filter { entry in
      guard let fd = Int32(entry), !excluded.contains(fd) else { return false }
      let target = try? FileManager.default.destinationOfSymbolicLink(
        atPath: "/proc/self/fd/" + entry)
      return target?.hasPrefix(base) ?? false
    }.count
  }
}

/// A FIFO standing in for `/dev/iio:deviceN`: the test writes scans, the reader reads them.
final class FIFODevice {
  private(set) var fd: Int32

  init(tree: SysfsTree, index: Int = 0) throws {
    let path = tree.devDirectory + "/iio:device\(index)"
    guard mkfifo(path, 0o600) == 0 else {
      throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
    }
    // Opened read-write so that neither side blocks on open and the reader sees no EOF.
    fd = open(path, O_RDWR | O_CLOEXEC)
    guard fd >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
  }

  /// Writes `bytes` whole.
  func write(_ bytes: [UInt8]) throws {
    var done = 0
    while done < bytes.count {
      let count = bytes[done...].withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
      guard count > 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
      done += count
    }
  }

  /// Closes the writer: the reader sees end of file, as when a device is unplugged.
  func unplug() {
    if fd >= 0 { close(fd) }
    fd = -1
  }

  deinit { unplug() }
}
