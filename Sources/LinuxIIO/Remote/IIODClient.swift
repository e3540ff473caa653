import SensorsCore
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// A connection to a board's iiod (libiio's network daemon, TCP port 30431), speaking the text
/// protocol of libiio 0.x that iiod 1.x still answers: `VERSION`, `PRINT`, `READ`, `WRITE`,
/// `OPEN`, `READBUF`, `CLOSE`.
///
/// ```swift
/// let board = try IIODClient(address: IIODAddress(parsing: "board.local"))
/// let context = try await board.context()
/// let raw = try await board.readAttribute(device: "iio:device0", channel: "accel_x", attribute: "raw")
/// await board.close()
/// ```
///
/// The first request connects. Requests run one at a time on a queue of the client's own
/// (blocking socket I/O never parks a concurrency thread), each wait bounded by `timeout`. A
/// link that drops, garbles a reply or times out retires the connection: that request and
/// every later one fail with the ``IIODError`` that says why, and a caller that wants to go on
/// makes a new client (ComposableMotion's iiod backend reconnects that way). An errno reply
/// (``IIODError/remoteError(server:command:errno:)``) leaves the connection usable.
/// Cancelling the task of a request closes the client.
public final class IIODClient: Sendable {
  /// Where the board's iiod listens.
  public let address: IIODAddress
  /// The longest wait for the connection, or for each part of a reply.
  public let timeout: Duration
  /// The largest context description (`PRINT`) accepted, in bytes.
  public static let maximumContextSize = 16 << 20
  /// The largest attribute value (`READ`) accepted, in bytes.
  public static let maximumValueSize = 1 << 20
  /// The largest `READBUF` accepted, in bytes.
  public static let maximumBufferRead = 16 << 20

  let state = Mutex(IIODConnectionState.idle)
  let wake: WakeSignal
  let queue: BlockingQueue

  /// Creates a client; nothing is sent until the first request.
  ///
  /// - Throws: ``IIODError/systemCallFailed(server:operation:errno:)`` when the process is out
  ///   of descriptors for the client's wake-up pipe.
  public init(address: IIODAddress, timeout: Duration = .seconds(5)) throws(IIODError) {
    self.address = address
    self.timeout = timeout
    do {
      wake = try WakeSignal()
    } catch {
      throw .systemCallFailed(server: address.description, operation: "pipe", errno: error.errno)
    }
    queue = BlockingQueue(label: "iiod \(address)")
  }

  deinit {
    if let socket = state.withLock({ $0.close() }) { Glibc.close(socket) }
    wake.markDone()
  }

  /// The daemon's version line (`0.24.v0.24` for Debian 12's iiod).
  public func version() async throws(IIODError) -> String {
    let reply = try await request("VERSION") { wire throws(IIODError) in
      try wire.reply(.line(limit: 256))
    }
    guard case .line(let line) = reply else { throw unexpected("VERSION") }
    return line.trimmingASCIIWhitespace()
  }

  /// The board's devices, channels and attributes (`PRINT`).
  public func context() async throws(IIODError) -> IIODContext {
    let reply = try await request("PRINT") { wire throws(IIODError) in
      try wire.reply(.payload(limit: Self.maximumContextSize))
    }
    guard case .payload(let xml) = reply else { throw unexpected("PRINT") }
    return try IIODContext(xml: xml, server: address.description)
  }

  /// Reads an attribute (`READ`): of the device, or of its `channel` (an input channel unless
  /// `isOutput`), as text without its trailing NUL or newline.
  public func readAttribute(
    device: String, channel: String? = nil, isOutput: Bool = false, attribute: String
  ) async throws(IIODError) -> String {
    let command = "READ " + Self.target(device, channel, isOutput) + attribute
    let reply = try await request(command) { wire throws(IIODError) in
      try wire.reply(.payload(limit: Self.maximumValueSize))
    }
    guard case .payload(var value) = reply else { throw unexpected(command) }
    while value.last == UInt8(ascii: "\n") || value.last == 0 { value.removeLast() }
    return String(decoding: value, as: UTF8.self)
  }

  /// Writes an attribute (`WRITE`); returns how many bytes the driver took.
  @discardableResult
  public func writeAttribute(
    device: String, channel: String? = nil, isOutput: Bool = false, attribute: String,
    value: String
  ) async throws(IIODError) -> Int {
    let bytes = Array(value.utf8) + [0]
    let command = "WRITE " + Self.target(device, channel, isOutput) + attribute
    let reply = try await request(command, sending: " \(bytes.count)", then: bytes) {
      wire throws(IIODError) in try wire.reply(.status)
    }
    guard case .status(let written) = reply else { throw unexpected(command) }
    return written
  }

  /// Opens the device's buffer (`OPEN`) for `samples` scans per block, streaming the channels
  /// whose scan indices are in `scanIndices`; `channelCount` is the number of channels the
  /// device has in the context (it sizes the mask iiod checks).
  public func openBuffer(device: String, samples: Int, scanIndices: [Int], channelCount: Int)
    async throws(IIODError)
  {
    let mask = Self.mask(scanIndices: scanIndices, channelCount: channelCount)
    let command = "OPEN \(device) \(max(1, samples)) \(mask)"
    let reply = try await request(command) { wire throws(IIODError) in try wire.reply(.status) }
    guard case .status = reply else { throw unexpected(command) }
  }

  /// Reads `bytes` bytes of scans from an open buffer (`READBUF`): iiod answers in blocks, each
  /// a length line and data, the first with the channel mask, until `bytes` are sent.
  public func readBuffer(device: String, bytes: Int) async throws(IIODError) -> [UInt8] {
    let wanted = min(max(1, bytes), Self.maximumBufferRead)
    let command = "READBUF \(device) \(wanted)"
    return try await request(command) { wire throws(IIODError) in
      var data: [UInt8] = []
      data.reserveCapacity(wanted)
      while data.count < wanted {
        let reply = try wire.reply(.chunkHeader(withMask: data.isEmpty))
        guard case .chunk(let length, _) = reply else { throw self.unexpected(command) }
        if length == 0 { break }
        guard length <= wanted - data.count else {
          throw .malformedReply(
            server: self.address.description, command: command,
            detail: "a block of \(length) bytes where \(wanted - data.count) were left")
        }
        try wire.raw(length, into: &data)
      }
      return data
    }
  }

  /// Closes the device's buffer (`CLOSE`).
  public func closeBuffer(device: String) async throws(IIODError) {
    let reply = try await request("CLOSE \(device)") { wire throws(IIODError) in
      try wire.reply(.status)
    }
    guard case .status = reply else { throw unexpected("CLOSE") }
  }

  /// Closes the connection: a request in flight ends at once with ``IIODError/closed(server:)``
  /// and every later one fails the same way. Never blocks.
  public func close() {
    if let socket = state.withLock({ $0.close() }) { Glibc.close(socket) }
    wake.signal()
  }

  /// The channel mask iiod expects: `channelCount` bits in 32-bit words, as 8 hex digits each,
  /// the most significant word first.
  static func mask(scanIndices: [Int], channelCount: Int) -> String {
    var words = [UInt32](repeating: 0, count: max(1, (channelCount + 31) / 32))
    for index in scanIndices where index >= 0 && index / 32 < words.count {
      words[index / 32] |= 1 << UInt32(index % 32)
    }
    return words.reversed().map { word in
      let hex = String(word, radix: 16)
      return String(repeating: "0", count: 8 - hex.count) + hex
    }.joined()
  }

  private static func target(_ device: String, _ channel: String?, _ isOutput: Bool) -> String {
    guard let channel else { return device + " " }
    return device + (isOutput ? " OUTPUT " : " INPUT ") + channel + " "
  }

  private func unexpected(_ command: String) -> IIODError {
    .malformedReply(server: address.description, command: command, detail: "an unexpected reply")
  }
}
