import Synchronization

/// Gives access to a random number generator shared by its users: the
/// `\.withRandomNumberGenerator` dependency (swift-dependencies' `WithRandomNumberGenerator`).
///
/// ```swift
/// @Dependency(\.withRandomNumberGenerator) var withRandomNumberGenerator
/// let roll = withRandomNumberGenerator { Int.random(in: 1...6, using: &$0) }
/// ```
///
/// Live it is the system's generator; a test sets a seeded one,
/// `$0.withRandomNumberGenerator = WithRandomNumberGenerator(SeededGenerator(seed: 0))`, so the
/// numbers are the same at every run. Uses are serialised by a lock, so a sequence drawn inside
/// one call is never interleaved with another thread's.
public struct WithRandomNumberGenerator: Sendable {
  private final class Storage: Sendable {
    let generator: Mutex<any RandomNumberGenerator & Sendable>
    init(_ generator: any RandomNumberGenerator & Sendable) { self.generator = Mutex(generator) }
  }

  private let storage: Storage

  /// Shares `generator` among every user of this value.
  public init(_ generator: some RandomNumberGenerator & Sendable) {
    self.storage = Storage(generator)
  }

  /// Runs `work` with exclusive use of the generator, and returns its result.
  ///
  /// - Parameter work: Draws numbers with `using: &generator`.
  /// - Returns: What `work` returns.
  /// - Throws: What `work` throws.
  public func callAsFunction<R>(
    _ work: (inout any RandomNumberGenerator & Sendable) throws -> R
  ) rethrows -> R {
    try storage.generator.withLock { generator in try work(&generator) }
  }
}

extension DependencyValues {
  /// A random number generator: the system's live; set a seeded one in tests.
  public var withRandomNumberGenerator: WithRandomNumberGenerator {
    get { self[WithRandomNumberGeneratorKey.self] }
    set { self[WithRandomNumberGeneratorKey.self] = newValue }
  }
}

private enum WithRandomNumberGeneratorKey: DependencyKey {
  static let liveValue = WithRandomNumberGenerator(SystemRandomNumberGenerator())
}
