import SensorsCore
import Synchronization

/// The default values a ``DependencyValues`` has made, one per key and context, each made once.
///
/// A key's value is made under a lock of its own entry, not the table's: making it may read
/// other dependencies (a client built from a clock), which take their own entries, and threads
/// asking for the same key at once wait for the one making it, so a live client is built once.
final class DependencyCache: Sendable {
  private struct Slot: Hashable {
    let key: ObjectIdentifier
    let context: DependencyContext
  }

  private final class Entry: Sendable {
    let value = Mutex<(any Sendable)?>(nil)
  }

  private let entries = Mutex<[Slot: Entry]>([:])

  /// The default of `Key` in `context`, made now if this cache has none yet.
  func value<Key: TestDependencyKey>(
    for _: Key.Type, context: DependencyContext, name: StaticString
  ) -> Key.Value {
    let slot = Slot(key: ObjectIdentifier(Key.self), context: context)
    let entry = entries.withLock { table in
      if let entry = table[slot] { return entry }
      let entry = Entry()
      table[slot] = entry
      return entry
    }
    return entry.value.withLock { stored in
      if let stored, let value = stored as? Key.Value { return value }
      let value = DependencyResolution.$name.withValue(name) {
        DependencyResolution.defaultValue(of: Key.self, in: context)
      }
      stored = value
      return value
    }
  }
}

/// How a key's default is chosen, and the issues reported on the way.
enum DependencyResolution {
  /// Set while a `withDependencies` update closure runs: reading a dependency there to modify
  /// it is not using it, so a missing test value is not reported (as in swift-dependencies).
  @TaskLocal static var isUpdating = false
  /// The property name of the dependency being made, for the issues' text.
  @TaskLocal static var name: StaticString?

  /// `Key`'s value for `context`, following swift-dependencies' cascade.
  static func defaultValue<Key: TestDependencyKey>(
    of _: Key.Type, in context: DependencyContext
  ) -> Key.Value {
    switch context {
    case .live:
      if let live = Key.self as? any DependencyKey.Type,
        let value = liveValue(of: live) as? Key.Value
      {
        return value
      }
      if !isUpdating {
        IssueReporter.report(
          noLiveValueMessage(key: Key.self, value: Key.Value.self),
          fileID: #fileID, filePath: #filePath, line: #line, column: #column)
      }
      return Key.testValue
    case .preview:
      return Key.previewValue
    case .test:
      return Key.testValue
    }
  }

  private static func liveValue<Key: DependencyKey>(of _: Key.Type) -> any Sendable {
    Key.liveValue
  }

  /// How the dependency is written in a feature: `@Dependency(\.name)`, or by its key type.
  static func reference(key: Any.Type) -> String {
    // `@Dependency(Key.self)` passes an empty name: the key type names it then.
    if let name, !name.description.isEmpty {
      return "@Dependency(\\.\(name))"
    }
    return "@Dependency(\(key).self)"
  }

  static func noTestValueMessage(key: Any.Type, value: Any.Type) -> String {
    """
    \(reference(key: key)) has no test implementation, but was accessed from a test context:

      Key:
        \(key)
      Value:
        \(value)

    Dependencies registered with the library are not allowed to use their default, live \
    implementations when run from tests.

    To fix, override the dependency with a test value: mutate the 'dependencies' property of \
    your 'TestStore', or use 'withDependencies' to define a scope for the override. To provide a \
    default value for all tests, implement the 'testValue' requirement of the 'DependencyKey' \
    protocol.
    """
  }

  static func noLiveValueMessage(key: Any.Type, value: Any.Type) -> String {
    """
    \(reference(key: key)) has no live implementation, but was accessed from a live context.

      Key:
        \(key)
      Value:
        \(value)

    To fix you can do one of two things:

    • Conform '\(key)' to the 'DependencyKey' protocol by providing a live implementation of \
    your dependency, and make sure that the conformance is linked with this current application.

    • Override the implementation of '\(key)' using 'withDependencies'. This is typically done \
    at the entry point of your application, but can be done later too.
    """
  }
}
