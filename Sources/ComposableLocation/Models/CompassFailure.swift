/// The error a compass source (``LocationClient/Configuration/compass``) ended with (carried by
/// ``LocationError/compassFailed(_:)``).
///
/// The source's error type belongs to the module that makes the source (ComposableMotion's
/// `MotionError` for `CompassSource.deviceMotion`), which this one does not import: cast
/// ``error`` to it (`failure.error as? MotionError`) to switch on it.
public struct CompassFailure: Hashable, Sendable, CustomStringConvertible {
  /// The source's error, as thrown.
  public let error: any Error

  /// Wraps the error a compass source's readings finished with.
  public init(_ error: any Error) {
    self.error = error
  }

  /// The error's own description.
  public var description: String { "\(error)" }

  /// Equal when the errors are: by their own `==` when they are `Hashable`, else when they are of
  /// one type and read the same.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    guard type(of: lhs.error) == type(of: rhs.error) else { return false }
    if let left = lhs.error as? any Hashable, let right = rhs.error as? any Hashable {
      return AnyHashable(left) == AnyHashable(right)
    }
    return lhs.description == rhs.description
  }

  /// Hashes the error's type: equal failures share it.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(ObjectIdentifier(type(of: error)))
  }
}
