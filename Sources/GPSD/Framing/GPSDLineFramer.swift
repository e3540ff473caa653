#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Cuts a byte stream from gpsd into lines, across partial reads.
///
/// gpsd ends every report with CR LF; a bare LF is accepted too, and blank lines are passed over.
/// A line longer than ``maximumLineLength`` is reported once as ``GPSDDecodingError/lineTooLong(length:limit:)``
/// and discarded up to the next newline, after which framing resumes normally, so one oversized or
/// unterminated line never stalls the stream or grows memory without bound.
///
/// ```swift
/// var framer = GPSDLineFramer()
/// framer.append(chunk)
/// framer.drainLines { line in
///   switch line {
///   case .success(let bytes): print(try? GPSDReport.decode(bytes))
///   case .failure(let error): print(error)
///   }
/// }
/// ```
public struct GPSDLineFramer: Sendable {
  /// The default limit: gpsd's longest reports (SKY with many satellites) are about 7 KB, and gpsd
  /// itself allows 10240-byte responses.
  public static let defaultMaximumLineLength = 16_384

  /// Longest line accepted, in bytes, without its line end.
  public let maximumLineLength: Int

  private var buffer: [UInt8] = []
  private var start = 0
  private var scanned = 0
  private var discarding = false

  /// Creates a framer. `maximumLineLength` is clamped to at least 10240 bytes, the size gpsd may send.
  public init(maximumLineLength: Int = defaultMaximumLineLength) {
    self.maximumLineLength = max(10_240, maximumLineLength)
  }

  /// Bytes received but not yet returned as a line.
  public var bufferedByteCount: Int { buffer.count - start }

  /// Adds bytes as they arrived from the socket.
  public mutating func append(_ bytes: UnsafeRawBufferPointer) {
    buffer.append(contentsOf: bytes)
  }

  /// Adds bytes as they arrived from the socket.
  public mutating func append(contentsOf bytes: some Sequence<UInt8>) {
    buffer.append(contentsOf: bytes)
  }

  /// Calls `body` with each complete line (without its line end) or with the error for an oversized one.
  /// The buffer passed to `body` is valid only during the call.
  public mutating func drainLines(
    _ body: (Result<UnsafeRawBufferPointer, GPSDDecodingError>) throws -> Void
  ) rethrows {
    var start = self.start
    var scanned = self.scanned
    var discarding = self.discarding
    let limit = maximumLineLength
    defer {
      self.start = start
      self.scanned = scanned
      self.discarding = discarding
      compact()
    }
    try buffer.withUnsafeBytes { raw in
      guard let base = raw.baseAddress else { return }
      while start < raw.count {
        let from = start + scanned
        guard let hit = memchr(base + from, 0x0A, raw.count - from) else {
          let pending = raw.count - start
          if !discarding, pending > limit {
            discarding = true
            try body(.failure(.lineTooLong(length: pending, limit: limit)))
          }
          if discarding {
            start = raw.count
            scanned = 0
          } else {
            scanned = pending
          }
          return
        }
        let newline = UnsafeRawPointer(hit) - base
        var end = newline
        if end > start, raw[end - 1] == 0x0D { end -= 1 }
        let length = end - start
        if discarding {
          discarding = false
        } else if length > limit {
          try body(.failure(.lineTooLong(length: length, limit: limit)))
        } else if length > 0 {
          try body(.success(UnsafeRawBufferPointer(rebasing: raw[start..<end])))
        }
        start = newline + 1
        scanned = 0
      }
    }
  }

  /// Drains every complete line into an array (convenient for tests and replay; allocates per line).
  public mutating func lines() -> [Result<[UInt8], GPSDDecodingError>] {
    var result: [Result<[UInt8], GPSDDecodingError>] = []
    drainLines { line in result.append(line.map { Array($0) }) }
    return result
  }

  private mutating func compact() {
    if start >= buffer.count {
      buffer.removeAll(keepingCapacity: buffer.capacity <= 65_536)
      start = 0
    } else if start > 4096 {
      buffer.removeFirst(start)
      start = 0
    }
  }
}
