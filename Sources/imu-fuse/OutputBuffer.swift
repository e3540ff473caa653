import Foundation

/// Standard output through a fixed buffer: rows are appended as they are fused and written out
/// whenever `capacity` bytes have gathered, so the output's size never sits in memory.
struct OutputBuffer {
  /// The bytes gathered before a write, in bytes (64 KiB: a row is about 100 bytes).
  static let capacity = 64 * 1024

  private var bytes: [UInt8] = []

  init() {
    bytes.reserveCapacity(Self.capacity + 256)
  }

  /// Appends `text`, writing the buffer out when it is full.
  mutating func append(_ text: String) throws {
    bytes.append(contentsOf: text.utf8)
    if bytes.count >= Self.capacity { try flush() }
  }

  /// Writes out what has gathered.
  mutating func flush() throws {
    guard !bytes.isEmpty else { return }
    try FileHandle.standardOutput.write(contentsOf: bytes)
    bytes.removeAll(keepingCapacity: true)
  }
}
