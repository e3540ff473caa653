#if canImport(Glibc)
  import Glibc
#endif

/// One-line messages to standard error.
public enum StandardError {
  /// Writes `message` and a newline to standard error.
  public static func write(_ message: String) {
    OutputWriter(descriptor: STDERR_FILENO).write(message + "\n")
  }
}
