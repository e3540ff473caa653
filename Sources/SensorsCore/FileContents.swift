#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Reads a whole file, FIFO or character device with POSIX calls, without Foundation, and with a
/// bound on how much it will hold in memory.
package enum FileContents {
  /// Why a file could not be read: a sentence a person can act on, with the path.
  package struct Failure: Error, Sendable, Equatable, CustomStringConvertible {
    /// The path that was being read.
    package var path: String
    /// What went wrong, without the path.
    package var reason: String

    package var description: String { "\(path): \(reason)" }
  }

  /// The bytes of `path`, read to the end.
  ///
  /// Works on FIFOs and process substitutions (`<(zcat trial.csv.gz)`), which `Data(contentsOf:)`
  /// refuses. Reads at most `limit` bytes: an endless source such as `/dev/zero` becomes an error
  /// naming the limit instead of exhausting memory.
  package static func bytes(path: String, limit: Int) throws(Failure) -> [UInt8] {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else {
      throw Failure(path: path, reason: Self.explain(errno: errno, operation: "open"))
    }
    defer { close(fd) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 64 * 1024)
    while true {
      let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
      if count == 0 { return bytes }
      if count < 0 {
        let code = errno
        if code == EINTR { continue }
        throw Failure(path: path, reason: Self.explain(errno: code, operation: "read"))
      }
      guard bytes.count + count <= limit else {
        throw Failure(
          path: path,
          reason: "longer than \(limit) bytes, the most this reader holds in memory; "
            + "is it an endless device such as /dev/zero, or the wrong file?")
      }
      bytes.append(contentsOf: chunk[0..<count])
    }
  }

  /// `strerror` for `code`, with the failing call and advice for the common cases.
  package static func explain(errno code: Int32, operation: String) -> String {
    let text = String(cString: strerror(code))
    switch code {
    case ENOENT: return "\(text) (no such file: check the path)"
    case EACCES, EPERM: return "\(text) (check the file's permissions)"
    case EISDIR: return "\(text) (a directory, not a file)"
    default: return "\(operation) failed: \(text) (errno \(code))"
    }
  }
}
