/// One entry of a D-Bus dictionary.
public struct DBusDictionaryEntry: Hashable, Sendable {
  /// The key, a basic type.
  public var key: DBusValue
  /// The value.
  public var value: DBusValue

  /// Creates an entry.
  public init(key: DBusValue, value: DBusValue) {
    self.key = key
    self.value = value
  }
}
