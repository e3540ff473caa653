#if canImport(Glibc)
  import Glibc
#endif

/// One-line messages to standard error.
enum StandardError {
  /// Writes `message` and a newline to standard error.
  static func write(_ message: String) {
    OutputWriter(descriptor: STDERR_FILENO).write(message + "\n")
  }
}
