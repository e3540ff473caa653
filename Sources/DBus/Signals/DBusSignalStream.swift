/// The signals a subscription selects (``DBusConnection/signals(matching:whileOwned:bufferSize:)``),
/// in the order the bus sent them, as ``DBusSignalEvent`` values.
///
/// A subscription buffers at most its `bufferSize` newest signals. When its consumer falls
/// behind, the oldest are dropped, counted in ``lostCount``, and announced in the stream
/// itself: the consumer reads ``DBusSignalEvent/lost(count:)`` before the first signal after
/// the gap (or, when the drop races with the read, one signal later), and can read again the
/// state the lost signals described. Nothing is dropped silently.
///
/// The stream finishes when the consumer stops or the connection is closed by its owner; it
/// fails with ``DBusError`` when the connection ends for another reason, and with
/// ``DBusError/serviceLeft(name:)`` when the name it watches leaves the bus. Iterate it once.
public struct DBusSignalStream<Value: Sendable>: AsyncSequence, Sendable {
  /// A signal, or how many were lost before it.
  public typealias Element = DBusSignalEvent<Value>
  /// Why the subscription ended early.
  public typealias Failure = DBusError

  private let messages: AsyncThrowingStream<DBusMessage, any Error>
  private let losses: SignalLosses
  private let decode: @Sendable (DBusMessage) -> Value?

  init(
    messages: AsyncThrowingStream<DBusMessage, any Error>, losses: SignalLosses,
    decode: @escaping @Sendable (DBusMessage) -> Value?
  ) {
    self.messages = messages
    self.losses = losses
    self.decode = decode
  }

  /// How many signals the subscription has dropped so far because its consumer fell behind.
  public var lostCount: Int { losses.total }

  /// The same subscription with each signal decoded by `transform`; signals it gives nil for
  /// are skipped (they are not losses).
  public func decoding<Decoded: Sendable>(
    _ transform: @escaping @Sendable (Value) -> Decoded?
  ) -> DBusSignalStream<Decoded> {
    let decode = self.decode
    return DBusSignalStream<Decoded>(
      messages: messages, losses: losses, decode: { decode($0).flatMap(transform) })
  }

  /// The iterator; make one per stream.
  public func makeAsyncIterator() -> AsyncIterator {
    AsyncIterator(base: messages.makeAsyncIterator(), losses: losses, decode: decode)
  }

  /// Reads the subscription's signals, announcing each gap before the signal that follows it.
  public struct AsyncIterator: AsyncIteratorProtocol {
    /// Why the subscription ended early.
    public typealias Failure = DBusError

    private var base: AsyncThrowingStream<DBusMessage, any Error>.AsyncIterator
    private let losses: SignalLosses
    private let decode: @Sendable (DBusMessage) -> Value?
    private var reported = 0

    init(
      base: AsyncThrowingStream<DBusMessage, any Error>.AsyncIterator, losses: SignalLosses,
      decode: @escaping @Sendable (DBusMessage) -> Value?
    ) {
      self.base = base
      self.losses = losses
      self.decode = decode
    }

    /// The next signal, or the count of signals lost before it; nil at the end.
    public mutating func next() async throws(DBusError) -> DBusSignalEvent<Value>? {
      try await next(isolation: nil)
    }

    /// The next signal, or the count of signals lost before it; nil at the end.
    public mutating func next(isolation actor: isolated (any Actor)?) async throws(DBusError)
      -> DBusSignalEvent<Value>?
    {
      while true {
        if let lost = unreported() { return .lost(count: lost) }
        let message: DBusMessage?
        do {
          message = try await base.next(isolation: actor)
        } catch {
          throw error as? DBusError ?? .disconnected(reason: "\(error)")
        }
        // Signals dropped just before the end are still news.
        guard let message else { return unreported().map { .lost(count: $0) } }
        if let value = decode(message) { return .signal(value) }
      }
    }

    private mutating func unreported() -> Int? {
      let total = losses.total
      guard total > reported else { return nil }
      defer { reported = total }
      return total - reported
    }
  }
}
