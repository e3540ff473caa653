import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// Writes whole lines to a file descriptor (standard output by default), and remembers when
/// the reader went away (`EPIPE`: `sensors-demo | head` after `head` exits) so the program can
/// stop instead of dying of SIGPIPE.
final class OutputWriter: Sendable {
  private let descriptor: Int32
  private let closed = Atomic<Bool>(false)

  /// Creates a writer on `descriptor`.
  init(descriptor: Int32 = STDOUT_FILENO) {
    self.descriptor = descriptor
  }

  /// Whether a write failed because nobody reads any more.
  var isClosed: Bool { closed.load(ordering: .relaxed) }

  /// Writes each of `lines` followed by a newline, in one write where possible; returns `false`
  /// once the reader is gone.
  @discardableResult
  func write(lines: [String]) -> Bool {
    guard !lines.isEmpty else { return !isClosed }
    return write(lines.map { $0 + "\n" }.joined())
  }

  /// Writes `text` as it is; returns `false` once the reader is gone.
  @discardableResult
  func write(_ text: String) -> Bool {
    guard !isClosed else { return false }
    var bytes = Array(text.utf8)
    var offset = 0
    while offset < bytes.count {
      let written = bytes.withUnsafeMutableBytes { buffer -> Int in
        guard let base = buffer.baseAddress else { return 0 }
        return Glibc.write(descriptor, base + offset, buffer.count - offset)
      }
      if written < 0 {
        if errno == EINTR || errno == EAGAIN { continue }
        closed.store(true, ordering: .relaxed)
        return false
      }
      offset += written
    }
    return true
  }
}
