#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Why a ``GPSDCaptureWriter`` could not write its capture.
public enum GPSDCaptureError: Error, Sendable, Hashable, CustomStringConvertible {
  /// A system call on the file failed: `operation` is `open`, `write` or `close`, `errno` its
  /// error number (`ENOSPC` for a full disk, `EACCES` for a directory you may not write).
  case fileError(path: String, operation: String, errno: Int32)
  /// A line holds a line feed, which would split it into two lines of the capture.
  case lineContainsNewline(path: String)
  /// The writer was closed before this call.
  case closed(path: String)

  /// A message a person can act on.
  public var description: String {
    switch self {
    case .fileError(let path, let operation, let code):
      let reason = String(cString: strerror(code))
      return "cannot write \(path): \(operation) failed: \(reason) (errno \(code))"
    case .lineContainsNewline(let path):
      return "a line for \(path) holds a line feed; pass one gpsd line at a time, without its end"
    case .closed(let path):
      return "\(path) was already closed"
    }
  }
}
