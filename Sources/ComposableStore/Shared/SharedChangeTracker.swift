import Synchronization

/// The shared references a `TestStore` watches: every reference changed while the tracker is
/// in the dependencies (the test store's reducer and effects), or given an expectation by an
/// assertion closure.
///
/// Every change gets a version, so the test store can compare each step's state with the shared
/// values as they were when it recorded that state, whatever effects changed since.
package final class SharedChangeTracker: Sendable {
  private struct Contents {
    var references: [ObjectIdentifier: any SharedTracked] = [:]
    var version: UInt64 = 0
  }

  private let contents = Mutex(Contents())

  /// A tracker watching nothing yet.
  package init() {}

  /// The version of the latest change: a step recorded now sees every change up to it.
  package var version: UInt64 { contents.withLock(\.version) }

  /// Remembers `reference` until a ``accept(upTo:)`` takes its changes as asserted, and returns
  /// the version of the change it is about to make.
  func track(_ reference: some SharedTracked) -> UInt64 {
    contents.withLock { contents in
      contents.references[ObjectIdentifier(reference)] = reference
      contents.version += 1
      return contents.version
    }
  }

  /// Remembers `reference`, given an expectation, until the next ``accept(upTo:)``.
  func watch(_ reference: some SharedTracked) {
    contents.withLock { $0.references[ObjectIdentifier(reference)] = reference }
  }

  /// Forgets every expectation an assertion closure set, before the closure runs (again).
  package func clearExpectations() {
    for reference in tracked() { reference.clearExpectation() }
  }

  /// Takes the changes up to `version` as asserted: what the next assertion starts from.
  /// Later changes (an effect's, after the step) stay to be asserted.
  package func accept(upTo version: UInt64) {
    for reference in tracked() where !reference.accept(upTo: version) {
      contents.withLock { _ = $0.references.removeValue(forKey: ObjectIdentifier(reference)) }
    }
  }

  /// Whether some reference changed or was given an expectation since it was last accepted.
  package var isEmpty: Bool { contents.withLock(\.references.isEmpty) }

  private func tracked() -> [any SharedTracked] {
    contents.withLock { Array($0.references.values) }
  }
}

/// A ``SharedReference`` of any value type, as the tracker keeps it.
protocol SharedTracked: AnyObject, Sendable {
  /// Takes the changes up to `version` as asserted and drops the expectation; returns whether
  /// later changes remain.
  func accept(upTo version: UInt64) -> Bool
  /// Drops the expectation an assertion closure set.
  func clearExpectation()
  /// Whether a test store's reducer or effects changed the value since the test last asserted it.
  var hasUnassertedChanges: Bool { get }
}

extension DependencyValues {
  /// The tracker of the `TestStore` whose reducer or effect runs; `nil` elsewhere.
  package var sharedChangeTracker: SharedChangeTracker? {
    get { self[SharedChangeTrackerKey.self] }
    set { self[SharedChangeTrackerKey.self] = newValue }
  }
}

private enum SharedChangeTrackerKey: DependencyKey {
  static let liveValue: SharedChangeTracker? = nil
  static let testValue: SharedChangeTracker? = nil
}
