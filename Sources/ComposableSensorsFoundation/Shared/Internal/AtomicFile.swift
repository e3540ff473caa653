import SensorsCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Replaces a file atomically with POSIX calls: write a temporary file in the same directory,
/// `fsync` it, `rename` it over the target, then `fsync` the directory so the rename is durable.
enum AtomicFile {
  /// Writes `bytes` as the file at `path`, making missing directories (mode 0755); the file
  /// keeps the old one's permissions, or gets 0644. Returns the new file's stamp.
  static func save(_ bytes: [UInt8], to path: String) -> Result<FileStamp, FileStorageError> {
    let (directory, name) = split(path)
    if let failure = makeDirectories(directory) {
      return .failure(.unwritable(path: path, reason: failure))
    }
    var template = Array("\(directory)/.\(name).tmp-XXXXXX".utf8CString)
    let fd = template.withUnsafeMutableBufferPointer { buffer in
      buffer.baseAddress.map { mkstemp($0) } ?? -1
    }
    guard fd >= 0 else { return .failure(.unwritable(path: path, reason: explain("mkstemp"))) }
    let temporary = String(
      decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
    var existing = stat()
    let mode = stat(path, &existing) == 0 ? existing.st_mode & 0o7777 : 0o644
    var info = stat()
    let failure: String? =
      if fchmod(fd, mode) != 0 { explain("fchmod") } else if let failed = writeAll(bytes, fd: fd) {
        failed
      } else if fsync(fd) != 0 { explain("fsync") } else if fstat(fd, &info) != 0 {
        explain("fstat")
      } else { nil }
    close(fd)
    if let failure {
      unlink(temporary)
      return .failure(.unwritable(path: path, reason: failure))
    }
    guard rename(temporary, path) == 0 else {
      let reason = explain("rename")
      unlink(temporary)
      return .failure(.unwritable(path: path, reason: reason))
    }
    syncDirectory(directory)
    return .success(FileStamp(info))
  }

  /// The directory and file name of `path` (`.` for a bare name).
  static func split(_ path: String) -> (directory: String, name: String) {
    guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return (".", path) }
    let directory = String(path[..<slash])
    return (directory.isEmpty ? "/" : directory, String(path[path.index(after: slash)...]))
  }

  /// Makes `directory` and its missing parents; the failure's reason, or `nil`.
  private static func makeDirectories(_ directory: String) -> String? {
    var info = stat()
    if stat(directory, &info) == 0 { return nil }
    let (parent, _) = split(directory)
    if parent != directory, let failure = makeDirectories(parent) { return failure }
    guard mkdir(directory, 0o755) == 0 || errno == EEXIST else {
      return "cannot make the directory \(directory): " + explain("mkdir")
    }
    return nil
  }

  /// Writes every byte, retrying short writes and `EINTR`; the failure's reason, or `nil`.
  private static func writeAll(_ bytes: [UInt8], fd: Int32) -> String? {
    var offset = 0
    while offset < bytes.count {
      let count = bytes.withUnsafeBytes { buffer in
        write(fd, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
      }
      if count < 0 {
        if errno == EINTR { continue }
        return explain("write")
      }
      offset += count
    }
    return nil
  }

  /// Flushes the directory entry of a rename; a failure here loses nothing already written, so
  /// it is not reported (some file systems refuse `fsync` on a directory).
  private static func syncDirectory(_ directory: String) {
    let fd = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard fd >= 0 else { return }
    _ = fsync(fd)
    close(fd)
  }

  private static func explain(_ operation: String) -> String {
    FileContents.explain(errno: errno, operation: operation)
  }
}
