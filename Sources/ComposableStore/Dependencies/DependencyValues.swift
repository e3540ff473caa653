import SensorsCore
import Synchronization

/// Every dependency a feature can reach, by key: the values `@Dependency` reads and
/// `withDependencies` overrides (swift-dependencies' `DependencyValues`).
///
/// Register a dependency with a key and a computed property:
///
/// ```swift
/// extension DependencyValues {
///   var motionClient: MotionClient {
///     get { self[MotionClientKey.self] }
///     set { self[MotionClientKey.self] = newValue }
///   }
/// }
/// ```
///
/// A value not overridden is the key's default for the ``context`` (live, preview or test),
/// made on first use and cached, so every reader shares one instance.
public struct DependencyValues: Sendable {
  /// The values bound to the current task by `withDependencies`, a store or a test store;
  /// `nil` when nothing was bound (then ``processDefault`` applies).
  static var bound: DependencyValues? { DependencyScope.current?.values }

  /// ``bound`` behind a reference: a read checks a pointer for `nil` rather than copy the values.
  @TaskLocal @usableFromInline static var scope: DependencyScope?

  /// The values of a process that bound nothing: no override, the detected context.
  @usableFromInline static let processDefault = DependencyValues(cache: DependencyCache())

  /// The overridden values, by the `ObjectIdentifier` of their key type.
  var overrides: [ObjectIdentifier: any Sendable] = [:]
  /// The context set with ``context``, or `nil` for ``DependencyContext/detected``.
  var explicitContext: DependencyContext?
  /// Where the defaults of these values are cached.
  let cache: DependencyCache

  /// Values with no override and a cache of their own: every dependency takes its default again.
  public init() {
    self.init(cache: DependencyCache())
  }

  init(cache: DependencyCache) {
    self.cache = cache
  }

  /// The values in effect here: those bound to the current task, or the process's defaults.
  public static var current: DependencyValues { bound ?? processDefault }

  /// swift-dependencies' name for ``current``, so that ported code compiles.
  public static var _current: DependencyValues { current }

  /// Values with no override and a cache of their own, in the live context:
  /// `withDependencies { $0 = .live } operation: { … }`.
  public static var live: DependencyValues { DependencyValues(context: .live) }

  /// Values with no override and a cache of their own, in the preview context.
  public static var preview: DependencyValues { DependencyValues(context: .preview) }

  /// Values with no override and a cache of their own, in the test context.
  public static var test: DependencyValues { DependencyValues(context: .test) }

  private init(context: DependencyContext) {
    self.init()
    explicitContext = context
  }

  /// The context that picks each dependency's default; ``DependencyContext/detected`` unless set.
  public var context: DependencyContext {
    get { explicitContext ?? cache.preparedContext ?? .detected }
    set {
      if DependencyResolution.preparation != nil { cache.preparedContext = newValue }
      explicitContext = newValue
    }
  }

  /// The value of the dependency `key`: its override, or its default for ``context``.
  ///
  /// - Parameters:
  ///   - key: The dependency's key type.
  ///   - function: The name of the property calling this subscript (filled in by the
  ///     compiler), used to name the dependency in issues: `@Dependency(\.motionClient)`.
  public subscript<Key: TestDependencyKey>(
    key: Key.Type,
    function: StaticString = #function
  ) -> Key.Value {
    get {
      // Two steps: an optional dependency overridden with `nil` is a stored `nil`, not a
      // missing override.
      if let stored = overrides[ObjectIdentifier(key)], let value = stored as? Key.Value {
        return value
      }
      return cache.value(for: Key.self, context: context, name: function)
    }
    set {
      guard let preparation = DependencyResolution.preparation else {
        overrides[ObjectIdentifier(key)] = newValue
        return
      }
      guard cache.prepare(Key.self, value: newValue, context: context, preparation: preparation)
      else {
        if context != .preview {
          DependencyResolution.$name.withValue(function) {
            IssueReporter.report(
              DependencyResolution.alreadyPreparedMessage(key: Key.self, value: Key.Value.self),
              fileID: #fileID, filePath: #filePath, line: #line, column: #column)
          }
        }
        return
      }
    }
  }

  /// `other`'s overrides and context on top of these values: what a `@Dependency` captured
  /// where it was made, updated by what is bound where it is read.
  @usableFromInline func merging(_ other: DependencyValues) -> DependencyValues {
    var merged = other
    if !overrides.isEmpty {
      merged.overrides = overrides.merging(other.overrides) { _, newer in newer }
    }
    if merged.explicitContext == nil { merged.explicitContext = explicitContext }
    return merged
  }
}

/// Bound values, behind a reference (see ``DependencyValues/scope``).
///
/// The scopes alive are counted (``DependencyCensus``): while there is none, no task can have
/// values bound, so a `@Dependency` read skips the task-local lookup (most of its cost) in an app
/// that binds none.
@usableFromInline
final class DependencyScope: Sendable {
  @usableFromInline let values: DependencyValues
  /// The key of the threads' slots plus one (see ``DependencySlot``), or 0 where there is none:
  /// kept here so that a store binding this scope for each action skips the global.
  @usableFromInline let slotKey: UInt64

  @usableFromInline
  init(_ values: DependencyValues) {
    self.values = values
    self.slotKey = DependencySlot.key().map { UInt64($0) + 1 } ?? 0
    DependencyCensus.shared.scopes.add(1, ordering: .relaxed)
  }

  deinit {
    DependencyCensus.shared.scopes.subtract(1, ordering: .relaxed)
  }

  /// The scope bound here, if any: the innermost synchronous binder's on this thread, else the
  /// task's.
  @inlinable
  static var current: DependencyScope? {
    // A task sees only scopes made before it (by itself, or by the task that started it), so
    // a relaxed load that finds none is exact.
    guard DependencyCensus.shared.scopes.load(ordering: .relaxed) != 0 else { return nil }
    let address = DependencySlot.address
    guard address != 0 else { return DependencyValues.scope }
    return boundOnThisThread(at: address)
  }

  /// The scope whose address is in this thread's slot: its binder keeps it alive.
  @usableFromInline
  static func boundOnThisThread(at address: UInt) -> DependencyScope? {
    guard let pointer = UnsafeRawPointer(bitPattern: address) else { return nil }
    return Unmanaged<DependencyScope>.fromOpaque(pointer).takeUnretainedValue()
  }
}
