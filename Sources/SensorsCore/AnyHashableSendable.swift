/// A type-erased value that is both `Hashable` and `Sendable`.
///
/// `AnyHashable` is not `Sendable`, so identifiers that cross concurrency domains
/// (effect cancellation ids, the `id` of a motion or location manager) are erased to this
/// type instead. Two values are equal when their base values have the same type and are equal.
public struct AnyHashableSendable: Hashable, Sendable {
  /// The erased value.
  public let base: any Hashable & Sendable

  /// Wraps `base`. Wrapping a value that is already an `AnyHashableSendable` does not nest it.
  public init(_ base: some Hashable & Sendable) {
    if let already = base as? AnyHashableSendable {
      self = already
    } else {
      self.base = base
    }
  }

  /// Whether both wrap equal values of the same type.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    AnyHashable(lhs.base) == AnyHashable(rhs.base)
  }

  /// Hashes the wrapped value.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(AnyHashable(base))
  }
}

extension AnyHashableSendable: CustomStringConvertible {
  /// The wrapped value's description.
  public var description: String { String(describing: base) }
}
