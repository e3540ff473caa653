import Foundation
import Glibc

/// A FIFO standing in for `/dev/iio:deviceN`: the test writes scans into it as the kernel
/// would, and closing it looks to the reader like the device going away (end of file).
public final class FakeCharacterDevice {
  /// The FIFO's path, `<tree>/dev/iio:deviceN`.
  public let path: String
  /// The test's writing descriptor, -1 once unplugged.
  public private(set) var fd: Int32

  /// Makes `iio:device<index>` in `tree`'s `dev/` and opens it.
  public init(tree: SysfsTree, index: Int = 0) throws {
    path = tree.devDirectory + "/iio:device\(index)"
    guard mkfifo(path, 0o600) == 0 else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
    // Read-write, so opening never blocks and the reader never sees end of file early.
    fd = open(path, O_RDWR | O_CLOEXEC)
    guard fd >= 0 else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
  }

  /// Writes all of `bytes`.
  public func write(_ bytes: [UInt8]) throws {
    try Self.write(bytes, to: fd)
  }

  /// Writes all of `bytes` to a descriptor (usable from any task).
  public static func write(_ bytes: [UInt8], to fd: Int32) throws {
    var written = 0
    while written < bytes.count {
      let count = bytes[written...].withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
      guard count > 0 else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
      written += count
    }
  }

  /// Closes the writing end: the reader's next read sees end of file.
  public func unplug() {
    if fd >= 0 { close(fd) }
    fd = -1
  }

  deinit { unplug() }
}
