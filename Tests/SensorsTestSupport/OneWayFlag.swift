import Synchronization

/// A flag shared between threads that is raised once and never lowered: "a sample arrived",
/// "cancel() returned". Read with ``waitUntil(_:timeout:sourceLocation:_:)``.
public final class OneWayFlag: Sendable {
  private let raised = Atomic(false)

  /// A flag not yet raised.
  public init() {}

  /// Whether ``raise()`` has run, on any thread.
  public var isRaised: Bool { raised.load(ordering: .acquiring) }

  /// Raises the flag (again is harmless).
  public func raise() { raised.store(true, ordering: .releasing) }

}
