#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Plain POSIX access to sysfs attributes, with every `errno` turned into an ``IIOError``.
///
/// POSIX rather than Foundation so that errors keep their `errno` (ENODEV means unplugged,
/// EACCES means permission), and so that umockdev's interposed libc calls see every access.
enum Sysfs {
  static func error(_ code: Int32, path: String, operation: String) -> IIOError {
    switch code {
    case EACCES, EPERM: return .permissionDenied(path: path, operation: operation)
    case ENODEV, ENXIO: return .deviceRemoved(path: path)
    case ENOENT: return .attributeMissing(path: path)
    case EBUSY: return .deviceBusy(path: path)
    default: return .systemCallFailed(path: path, operation: operation, errno: code)
    }
  }

  /// The entries of a directory, without `.` and `..`, sorted.
  static func list(_ path: String) throws(IIOError) -> [String] {
    guard let dir = opendir(path) else { throw error(errno, path: path, operation: "list") }
    defer { closedir(dir) }
    var names: [String] = []
    while let entry = readdir(dir) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
      }
      if name != "." && name != ".." { names.append(name) }
    }
    return names.sorted()
  }

  static func isDirectory(_ path: String) -> Bool {
    var info = stat()
    return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
  }

  static func exists(_ path: String) -> Bool {
    var info = stat()
    return stat(path, &info) == 0
  }

  /// Whether the file at `path` has a write permission bit set.
  static func hasWriteBit(_ path: String) -> Bool {
    var info = stat()
    return stat(path, &info) == 0 && info.st_mode & (S_IWUSR | S_IWGRP | S_IWOTH) != 0
  }

  /// Reads a whole attribute (sysfs attributes are at most one page).
  static func read(_ path: String) throws(IIOError) -> String {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { throw error(errno, path: path, operation: "read") }
    defer { close(fd) }
    return try readAll(fd: fd, path: path)
  }

  /// Reads an attribute that may legitimately be absent.
  static func readIfPresent(_ path: String) throws(IIOError) -> String? {
    do {
      return try read(path)
    } catch .attributeMissing {
      return nil
    }
  }

  /// Reads from offset 0 of an already open attribute: sysfs regenerates the value on every
  /// read at offset 0, so a poller keeps one descriptor per attribute instead of reopening.
  static func readAll(fd: Int32, path: String) throws(IIOError) -> String {
    var buffer = [UInt8](repeating: 0, count: 4096)
    var total = 0
    while total < buffer.count {
      let count = buffer.withUnsafeMutableBytes { raw -> Int in
        guard let base = raw.baseAddress else { return 0 }
        return pread(fd, base + total, raw.count - total, off_t(total))
      }
      if count < 0 {
        if errno == EINTR { continue }
        throw error(errno, path: path, operation: "read")
      }
      if count == 0 { break }
      total += count
    }
    return String(decoding: buffer[..<total], as: UTF8.self)
  }

  /// Writes an attribute, replacing its content (O_TRUNC matters for regular files standing in
  /// for sysfs in tests; sysfs ignores it).
  static func write(_ value: String, to path: String) throws(IIOError) {
    let fd = open(path, O_WRONLY | O_TRUNC | O_CLOEXEC)
    guard fd >= 0 else { throw error(errno, path: path, operation: "write") }
    defer { close(fd) }
    var bytes = Array(value.utf8)
    bytes.append(UInt8(ascii: "\n"))
    var written = 0
    while written < bytes.count {
      let count = bytes.withUnsafeBytes { raw -> Int in
        guard let base = raw.baseAddress else { return 0 }
        return Glibc.write(fd, base + written, raw.count - written)
      }
      if count < 0 {
        if errno == EINTR { continue }
        if errno == EINVAL { throw .valueRejected(path: path, value: value) }
        throw error(errno, path: path, operation: "write")
      }
      written += count
    }
  }
}
