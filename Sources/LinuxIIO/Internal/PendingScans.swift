#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The bytes a buffered read took from the character device and has not decoded yet: whole
/// scans, then at most one partial scan that the next read completes.
struct PendingScans {
  private let fd: Int32
  private let path: String
  private let scanSize: Int
  private var buffer: [UInt8]
  private var filled = 0

  /// Room for `capacity` scans of `scanSize` bytes, read from `fd` (the device node `path`).
  init(fd: Int32, path: String, scanSize: Int, capacity: Int) {
    self.fd = fd
    self.path = path
    self.scanSize = scanSize
    buffer = [UInt8](repeating: 0, count: scanSize * capacity)
  }

  /// Reads what the device has, after the bytes kept; false when it had nothing to read.
  mutating func fill() throws(IIOError) -> Bool {
    let count = buffer.withUnsafeMutableBytes { [fd, filled] raw -> Int in
      guard let base = raw.baseAddress else { return 0 }
      return read(fd, base + filled, raw.count - filled)
    }
    if count < 0 {
      switch errno {
      case EAGAIN, EWOULDBLOCK, EINTR: return false
      case let code: throw Sysfs.error(code, path: path, operation: "read")
      }
    }
    // A live IIO buffer never reports end of file; EOF means the device node went away.
    if count == 0 { throw .deviceRemoved(path: path) }
    filled += count
    return true
  }

  /// Calls `body` with every byte kept.
  func withBytes<Result>(_ body: (UnsafeRawBufferPointer.SubSequence) -> Result) -> Result {
    buffer.withUnsafeBytes { raw in body(raw.prefix(filled)) }
  }

  /// Forgets the whole scans (decoded by now), keeping a partial one at the front.
  mutating func dropWholeScans() {
    let consumed = (filled / scanSize) * scanSize
    if consumed > 0 && consumed < filled {
      buffer.withUnsafeMutableBytes { [filled] raw in
        guard let base = raw.baseAddress else { return }
        memmove(base, base + consumed, filled - consumed)
      }
    }
    filled -= consumed
  }
}
