#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Reads a file, FIFO or standard input line by line through a fixed-size buffer, so memory does
/// not grow with the input: a 10 GB log and `/dev/zero` cost the same.
///
/// A line longer than ``maximumLineLength`` bytes is an error (``Failure/lineTooLong(line:limit:excerpt:)``),
/// which is how endless or binary input (`/dev/zero`, a video file) ends: with a clear message,
/// not with exhausted memory. Line ends are `\n`, with an optional `\r` before it removed.
package final class LineReader {
  /// Why reading stopped early: a sentence a person can act on.
  package enum Failure: Error, Sendable, Equatable, CustomStringConvertible {
    /// The source could not be opened (`opening`) or read: system error `errno`.
    case unreadable(path: String, errno: Int32, opening: Bool)
    /// Line `line` (1-based) exceeds `limit` bytes; `excerpt` is its start, at most 40 characters.
    case lineTooLong(line: Int, limit: Int, excerpt: String)

    /// Why, for a person: the system's text and what to check.
    package var reason: String {
      switch self {
      case .unreadable(_, let code, let opening):
        FileContents.explain(errno: code, operation: opening ? "open" : "read")
      case .lineTooLong: description
      }
    }

    package var description: String {
      switch self {
      case .unreadable(let path, _, _):
        return "cannot read \(path): \(reason)"
      case .lineTooLong(let line, let limit, let excerpt):
        return "line \(line) is longer than \(limit) bytes (it begins \"\(excerpt)\"): "
          + "not a text file of lines, or an endless source such as /dev/zero"
      }
    }
  }

  /// The longest line accepted, in bytes, without its line end.
  package let maximumLineLength: Int
  /// The path read, as given (for messages).
  package let path: String
  /// The 1-based number of the line last returned by ``nextLine(_:)``.
  package private(set) var lineNumber = 0

  private let descriptor: Int32
  private let ownsDescriptor: Bool
  private var buffer: [UInt8]
  private var start = 0
  private var end = 0
  private var atEnd = false

  /// Opens `path` for reading.
  package init(path: String, maximumLineLength: Int = 1 << 20) throws(Failure) {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else {
      throw .unreadable(path: path, errno: errno, opening: true)
    }
    self.descriptor = fd
    self.ownsDescriptor = true
    self.path = path
    self.maximumLineLength = max(1, maximumLineLength)
    self.buffer = [UInt8](repeating: 0, count: self.maximumLineLength + 64 * 1024)
  }

  /// Reads an already open descriptor (standard input is 0); the reader does not close it.
  package init(fileDescriptor: Int32, name: String, maximumLineLength: Int = 1 << 20) {
    self.descriptor = fileDescriptor
    self.ownsDescriptor = false
    self.path = name
    self.maximumLineLength = max(1, maximumLineLength)
    self.buffer = [UInt8](repeating: 0, count: self.maximumLineLength + 64 * 1024)
  }

  deinit {
    if ownsDescriptor { close(descriptor) }
  }

  /// Calls `body` with the next line's bytes (valid only during the call) and returns its result,
  /// or returns nil at the end of the input. A last line without a line end still counts.
  package func nextLine<Result>(
    _ body: (UnsafeBufferPointer<UInt8>) throws -> Result
  ) throws -> Result? {
    while true {
      if let newline = firstNewline() {
        lineNumber += 1
        var stop = newline
        if stop > start, buffer[stop - 1] == UInt8(ascii: "\r") { stop -= 1 }
        let lineStart = start
        start = newline + 1
        guard stop - lineStart <= maximumLineLength else {
          throw tooLong(from: lineStart, line: lineNumber)
        }
        return try buffer.withUnsafeBufferPointer {
          try body(UnsafeBufferPointer(rebasing: $0[lineStart..<stop]))
        }
      }
      if end - start > maximumLineLength { throw tooLong(from: start, line: lineNumber + 1) }
      if atEnd {
        guard start < end else { return nil }
        lineNumber += 1
        let lineStart = start
        var stop = end
        if buffer[stop - 1] == UInt8(ascii: "\r") { stop -= 1 }
        start = end
        return try buffer.withUnsafeBufferPointer {
          try body(UnsafeBufferPointer(rebasing: $0[lineStart..<stop]))
        }
      }
      try fill()
    }
  }

  private func firstNewline() -> Int? {
    var index = start
    while index < end {
      if buffer[index] == UInt8(ascii: "\n") { return index }
      index += 1
    }
    return nil
  }

  /// Moves the unread bytes to the front and reads more after them.
  private func fill() throws(Failure) {
    if start > 0 {
      let count = end - start
      if count > 0 {
        buffer.withUnsafeMutableBufferPointer { pointer in
          let base = pointer.baseAddress!
          (base).update(from: base + start, count: count)
        }
      }
      start = 0
      end = count
    }
    while true {
      let room = buffer.count - end
      let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress! + end, room) }
      if count > 0 {
        end += count
        return
      }
      if count == 0 {
        atEnd = true
        return
      }
      let code = errno
      if code == EINTR { continue }
      throw .unreadable(path: path, errno: code, opening: false)
    }
  }

  private func tooLong(from lineStart: Int, line: Int) -> Failure {
    let head = buffer[lineStart..<min(end, lineStart + 40)]
    let excerpt = String(decoding: head, as: UTF8.self).unicodeScalars.map { scalar in
      scalar.value < 0x20 || scalar.value == 0x7F
        ? "\\u{\(String(scalar.value, radix: 16))}" : String(scalar)
    }.joined()
    return .lineTooLong(line: line, limit: maximumLineLength, excerpt: String(excerpt.prefix(40)))
  }
}
