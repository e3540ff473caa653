#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Writes a file through a fixed-size buffer with POSIX calls, without Foundation: what the
/// recording writers use, so a capture of any length costs the same memory.
///
/// Not thread-safe: its owner serialises access (the writers keep it under their lock).
package final class FileSink {
  /// Why writing failed: the failing call and its `errno`.
  package struct Failure: Error, Sendable, Hashable {
    /// The call that failed (`open`, `write`, `close`).
    package var operation: String
    /// The `errno` it set.
    package var errno: Int32
  }

  /// The bytes held before a `write(2)`: 64 KiB.
  package static let bufferSize = 64 * 1024

  private var descriptor: Int32
  private let ownsDescriptor: Bool
  private var buffer: [UInt8] = []

  /// Creates (or truncates) `path` for writing, with mode 0644 before the umask.
  package init(path: String) throws(Failure) {
    let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    guard fd >= 0 else { throw Failure(operation: "open", errno: errno) }
    descriptor = fd
    ownsDescriptor = true
    buffer.reserveCapacity(Self.bufferSize)
  }

  /// Writes to an already open descriptor (standard output is 1), which ``close()`` leaves open.
  package init(fileDescriptor: Int32) {
    descriptor = fileDescriptor
    ownsDescriptor = false
    buffer.reserveCapacity(Self.bufferSize)
  }

  deinit {
    if ownsDescriptor, descriptor >= 0 { _ = closeDescriptor(descriptor) }
  }

  /// Appends bytes, writing the buffer out when it is full.
  package func append(_ bytes: some Collection<UInt8>) throws(Failure) {
    guard descriptor >= 0 else { return }
    buffer.append(contentsOf: bytes)
    if buffer.count >= Self.bufferSize { try flush() }
  }

  /// Writes out everything appended so far.
  package func flush() throws(Failure) {
    guard descriptor >= 0 else { return }
    var written = 0
    while written < buffer.count {
      let count = buffer.withUnsafeBytes { raw -> Int in
        guard let base = raw.baseAddress else { return 0 }
        return write(descriptor, base + written, raw.count - written)
      }
      if count < 0 {
        let code = errno
        if code == EINTR || code == EAGAIN { continue }
        buffer.removeFirst(written)
        throw Failure(operation: "write", errno: code)
      }
      written += count
    }
    buffer.removeAll(keepingCapacity: true)
  }

  /// Writes out the buffer and closes the file (a descriptor passed in stays open). Later
  /// appends and flushes are ignored.
  package func close() throws(Failure) {
    let flushed = Result { () throws(Failure) in try flush() }
    let fd = descriptor
    descriptor = -1
    buffer = []
    if ownsDescriptor, fd >= 0, let code = closeDescriptor(fd) {
      throw Failure(operation: "close", errno: code)
    }
    try flushed.get()
  }
}

/// `close(2)`, returning its errno on failure (EINTR counts as closed, as on Linux).
private func closeDescriptor(_ fd: Int32) -> Int32? {
  guard close(fd) != 0 else { return nil }
  let code = errno
  return code == EINTR ? nil : code
}
