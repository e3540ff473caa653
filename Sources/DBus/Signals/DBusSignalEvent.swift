/// One item of a signal subscription (``DBusSignalStream``): a signal, or the news that
/// signals were dropped before the next one.
public enum DBusSignalEvent<Value: Sendable>: Sendable {
  /// A signal the subscription selected (decoded, for a decoding stream).
  case signal(Value)
  /// `count` signals were dropped at this point of the stream, because its consumer fell behind
  /// and a subscription keeps only its newest `bufferSize` signals. What they said is lost:
  /// read again the state they describe (properties with `GetAll`, the object they name).
  case lost(count: Int)

  /// The signal, or nil for ``lost(count:)``.
  public var signal: Value? {
    if case .signal(let value) = self { return value }
    return nil
  }
}

extension DBusSignalEvent: Equatable where Value: Equatable {}
extension DBusSignalEvent: Hashable where Value: Hashable {}
