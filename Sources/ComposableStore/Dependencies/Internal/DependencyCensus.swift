import Synchronization

/// How many dependency scopes exist in the process: while none does, nothing can be bound
/// anywhere, and while only the one a `@Dependency` was made in does, nothing else can be bound
/// where it is read. Either way a read skips the look-up of the current scope.
///
/// An object rather than a static atomic, so that a memo holds it and a read reaches the count
/// with a load instead of a call to the global's addressor (another module's code).
@usableFromInline
final class DependencyCensus: Sendable {
  /// The number of ``DependencyScope`` instances alive.
  @usableFromInline let scopes = Atomic<Int>(0)

  /// The process's census.
  @usableFromInline static let shared = DependencyCensus()

  private init() {}
}
