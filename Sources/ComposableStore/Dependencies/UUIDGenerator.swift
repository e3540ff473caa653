import SensorsCore
import Synchronization

/// Makes identifiers: the `\.uuid` dependency, swift-dependencies' `UUIDGenerator` with
/// ``UniqueID`` for Foundation's `UUID`.
///
/// ```swift
/// @Dependency(\.uuid) var uuid
/// state.sessions.append(Session(id: uuid()))
/// ```
///
/// Live it makes random version 4 identifiers; its test value fails the test, so a test sets
/// `$0.uuid = .incrementing` and expects `UniqueID(0)`, `UniqueID(1)`, …
public struct UUIDGenerator: Sendable {
  private let generate: @Sendable () -> UniqueID

  /// A generator that calls `generate` for every identifier.
  public init(_ generate: @escaping @Sendable () -> UniqueID) {
    self.generate = generate
  }

  /// A generator that always returns `id`.
  public static func constant(_ id: UniqueID) -> Self {
    Self { id }
  }

  /// A generator of `00000000-0000-0000-0000-000000000000`, then `…0001`, `…0002`, and so on;
  /// each use of this property starts a new sequence.
  public static var incrementing: Self {
    let counter = Counter()
    return Self { UniqueID(counter.next.add(1, ordering: .relaxed).oldValue) }
  }

  /// The next identifier.
  public func callAsFunction() -> UniqueID {
    generate()
  }
}

extension DependencyValues {
  /// Makes identifiers: random live, a failing generator in tests.
  public var uuid: UUIDGenerator {
    get { self[UUIDGeneratorKey.self] }
    set { self[UUIDGeneratorKey.self] = newValue }
  }
}

private enum UUIDGeneratorKey: DependencyKey {
  static let liveValue = UUIDGenerator { UniqueID.random() }
  static let testValue = UUIDGenerator {
    // Called while being changed in a `withDependencies` update, it is not used.
    if !DependencyResolution.isUpdating {
      IssueReporter.report(
        #"Unimplemented: @Dependency(\.uuid)"#, fileID: #fileID, filePath: #filePath, line: #line,
        column: #column)
    }
    return UniqueID.random()
  }
}

/// The count behind ``UUIDGenerator/incrementing``.
private final class Counter: Sendable {
  let next = Atomic<UInt64>(0)
}
