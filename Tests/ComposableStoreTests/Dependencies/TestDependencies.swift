import ComposableStore
import Synchronization

// Dependencies the dependency tests register, each with live, preview and test values that
// tell them apart (the shapes swift-dependencies' own tests use).

/// A value type with all three values.
struct FullDependency: DependencyKey, Equatable {
  var value: Int
  static let liveValue = FullDependency(value: 1)
  static let previewValue = FullDependency(value: 2)
  static let testValue = FullDependency(value: 3)
}

/// A key with a live value only: its test value is the live one, with an issue.
enum LiveOnlyKey: DependencyKey {
  static let liveValue = 42
}

/// A key with a test value only: no live value, so a live read reports an issue.
enum TestOnlyKey: TestDependencyKey {
  static let testValue = 7
}

/// An optional dependency whose override may be `nil`.
enum OptionalKey: DependencyKey {
  static let liveValue: String? = "live"
  static let testValue: String? = "test"
}

/// A reference type: reading it twice in one context must give the same instance.
final class SharedCounter: Sendable {
  private let count = Mutex(0)
  var value: Int { count.withLock { $0 } }
  func increment() { count.withLock { $0 += 1 } }
}

enum CounterKey: DependencyKey {
  static var liveValue: SharedCounter { SharedCounter() }
  static var previewValue: SharedCounter { SharedCounter() }
  static var testValue: SharedCounter { SharedCounter() }
}

/// Counts how often its value is made, to pin that concurrent first reads make it once.
enum CountedKey: DependencyKey {
  static let made = Mutex(0)
  static var liveValue: Int { testValue }
  static var testValue: Int {
    made.withLock { $0 += 1 }
    return 0
  }
}

/// A dependency built from another one when it is made (early binding)...
struct EarlyBinding: DependencyKey {
  var fetch: @Sendable () -> Int
  static var liveValue: EarlyBinding { testValue }
  static var testValue: EarlyBinding {
    @Dependency(\.full) var full
    let value = full.value
    return EarlyBinding { value }
  }
}

/// ...and one that reads it when it is used (late binding).
struct LateBinding: DependencyKey {
  var fetch: @Sendable () -> Int
  static var liveValue: LateBinding { testValue }
  static var testValue: LateBinding {
    LateBinding {
      @Dependency(\.full) var full
      return full.value
    }
  }
}

extension DependencyValues {
  var full: FullDependency {
    get { self[FullDependency.self] }
    set { self[FullDependency.self] = newValue }
  }
  var liveOnly: Int {
    get { self[LiveOnlyKey.self] }
    set { self[LiveOnlyKey.self] = newValue }
  }
  var testOnly: Int {
    get { self[TestOnlyKey.self] }
    set { self[TestOnlyKey.self] = newValue }
  }
  var optional: String? {
    get { self[OptionalKey.self] }
    set { self[OptionalKey.self] = newValue }
  }
  var counter: SharedCounter {
    get { self[CounterKey.self] }
    set { self[CounterKey.self] = newValue }
  }
  var counted: Int {
    get { self[CountedKey.self] }
    set { self[CountedKey.self] = newValue }
  }
  var earlyBinding: EarlyBinding {
    get { self[EarlyBinding.self] }
    set { self[EarlyBinding.self] = newValue }
  }
  var lateBinding: LateBinding {
    get { self[LateBinding.self] }
    set { self[LateBinding.self] = newValue }
  }
}
