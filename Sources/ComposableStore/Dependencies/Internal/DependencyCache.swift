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
    /// The value, and the `prepareDependencies` call that made or set it (0 for none).
    let value = Mutex<(value: (any Sendable)?, preparation: UInt64)>((nil, 0))
  }

  private let entries = Mutex<[Slot: Entry]>([:])

  /// The context `prepareDependencies` set for these values: 0 for none, else 1 + its index in
  /// ``DependencyContext/allCases``.
  private let preparedContextCode = Atomic<UInt8>(0)

  /// The context `prepareDependencies` set for every holder of this cache, if any.
  var preparedContext: DependencyContext? {
    get {
      let code = Int(preparedContextCode.load(ordering: .relaxed))
      return code == 0 ? nil : DependencyContext.allCases[code - 1]
    }
    set {
      let code = newValue.flatMap { DependencyContext.allCases.firstIndex(of: $0) }.map { $0 + 1 }
      preparedContextCode.store(UInt8(code ?? 0), ordering: .relaxed)
    }
  }

  private func entry(_ slot: Slot) -> Entry {
    entries.withLock { table in
      if let entry = table[slot] { return entry }
      let entry = Entry()
      table[slot] = entry
      return entry
    }
  }

  /// The default of `Key` in `context`, made now if this cache has none yet.
  func value<Key: TestDependencyKey>(
    for _: Key.Type, context: DependencyContext, name: StaticString
  ) -> Key.Value {
    let entry = entry(Slot(key: ObjectIdentifier(Key.self), context: context))
    let (value, prepared) = entry.value.withLock { stored in
      if let made = stored.value, let value = made as? Key.Value {
        return (value, stored.preparation != 0)
      }
      let value = DependencyResolution.$name.withValue(name) {
        DependencyResolution.defaultValue(of: Key.self, in: context)
      }
      stored = (value, DependencyResolution.preparation ?? 0)
      return (value, stored.preparation != 0)
    }
    // Every live use of a test value is reported, not only the first, as in swift-dependencies;
    // one prepared for the app is not a test value.
    if context == .live, !prepared, !DependencyResolution.isUpdating,
      !(Key.self is any DependencyKey.Type)
    {
      DependencyResolution.$name.withValue(name) {
        IssueReporter.report(
          DependencyResolution.noLiveValueMessage(key: Key.self, value: Key.Value.self),
          fileID: #fileID, filePath: #filePath, line: #line, column: #column)
      }
    }
    return value
  }

  /// Makes `value` the default of `Key` in `context` for `prepareDependencies` call
  /// `preparation`. Refused (returns `false`) where the default was already made or prepared
  /// outside this call, except in previews, which may be prepared again (as in
  /// swift-dependencies).
  func prepare<Key: TestDependencyKey>(
    _: Key.Type, value: Key.Value, context: DependencyContext, preparation: UInt64
  ) -> Bool {
    let entry = entry(Slot(key: ObjectIdentifier(Key.self), context: context))
    return entry.value.withLock { stored in
      guard
        stored.value == nil || stored.preparation == preparation
          || (context == .preview && stored.preparation == 0)
      else { return false }
      stored = (value, preparation)
      return true
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
  /// Set while a `prepareDependencies` closure runs, to that call's number: what it sets goes
  /// to the defaults its values share, not to an override.
  @TaskLocal static var preparation: UInt64?

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
      // Reported by the cache, at every use.
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
    return "@Dependency(\(typeName(key)).self)"
  }

  /// swift-dependencies' text, without its `Location:` line: "@Dependency(\.name)" read
  /// through a wrapper, "A dependency" where `Key.testValue` is read directly.
  static func noTestValueMessage(key: Any.Type, value: Any.Type) -> String {
    let keyName = typeName(key)
    let valueName = typeName(value)
    let (argument, override) =
      name.map {
        $0.description.isEmpty
          ? ("@Dependency(\(keyName).self)", "'\(keyName).self'")
          : ("@Dependency(\\.\($0))", "'\($0)'")
      } ?? ("A dependency", "the dependency")
    let description =
      ObjectIdentifier(key) == ObjectIdentifier(value)
      ? """
        Dependency:
          \(valueName)
      """
      : """
        Key:
          \(keyName)
        Value:
          \(valueName)
      """
    return """
      \(argument) has no test implementation, but was accessed from a test context:

      \(description)

      Dependencies registered with the library are not allowed to use their default, live \
      implementations when run from tests.

      To fix, override \(override) with a test value. If you are using the Composable \
      Architecture, mutate the 'dependencies' property on your 'TestStore'. Otherwise, use \
      'withDependencies' to define a scope for the override. If you'd like to provide a default \
      value for all tests, implement the 'testValue' requirement of the 'DependencyKey' protocol.
      """
  }

  static func noLiveValueMessage(key: Any.Type, value: Any.Type) -> String {
    """
    \(reference(key: key)) has no live implementation, but was accessed from a live context.

      Key:
        \(typeName(key))
      Value:
        \(typeName(value))

    To fix you can do one of two things:

    • Conform '\(typeName(key))' to the 'DependencyKey' protocol by providing a live implementation of \
    your dependency, and make sure that the conformance is linked with this current application.

    • Override the implementation of '\(typeName(key))' using 'withDependencies'. This is typically done \
    at the entry point of your application, but can be done later too.
    """
  }

  static func alreadyPreparedMessage(key: Any.Type, value: Any.Type) -> String {
    """
    \(reference(key: key)) has already been accessed or prepared.

      Key:
        \(typeName(key))
      Value:
        \(typeName(value))

    A global dependency can only be prepared a single time and cannot be accessed beforehand. \
    Prepare dependencies as early as possible in the lifecycle of your application.

    To temporarily override a dependency in your application, use 'withDependencies' to do so \
    in a well-defined scope.
    """
  }
}
