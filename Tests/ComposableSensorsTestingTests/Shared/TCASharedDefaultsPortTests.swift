import ComposableSensorsTesting
import ComposableStore
import Foundation
import Testing

extension SharedKey where Self == PersistenceKeyDefault<InMemoryKey<Bool>> {
  /// Upstream keeps these in `.appStorage`; there is no `UserDefaults` here, so in memory.
  fileprivate static var isOn: Self {
    PersistenceKeyDefault(.inMemory("isOn"), false)
  }

  fileprivate static func isActive(default keyDefault: @escaping @Sendable () -> Bool) -> Self {
    PersistenceKeyDefault(.inMemory("isActive"), keyDefault())
  }
}

extension SharedKey where Self == InMemoryKey<Bool> {
  fileprivate static var noDefaultIsOn: Self { .inMemory("noDefaultIsOn") }
}

extension URL {
  fileprivate static let optionalValueFile = URL(fileURLWithPath: "/settings/optional.json")
}

extension SharedKey where Self == PersistenceKeyDefault<FileStorageKey<Bool?>> {
  /// Upstream's `.appStorage("optionalValueWithDefault")` with a `nil` default, kept in a file
  /// of the test's in-memory file system instead.
  fileprivate static var optionalValueWithDefault: Self {
    PersistenceKeyDefault(.fileStorage(.optionalValueFile), nil)
  }
}

/// A compile-time check, as upstream's: optional shared state with a default needs no value.
private struct StateWithOptionalSharedAndDefault {
  @Shared(.optionalValueWithDefault) var optionalValueWithDefault
}

/// TCA 1.10–1.15's `SharedTests` of keys with defaults (`PersistenceKeyDefault`), throwing
/// initialisers and `@SharedReader`, and `SharedReaderTests`, under their upstream names. Keys
/// upstream keeps in `.appStorage` are `.inMemory` here; each test has its own dependencies, so
/// its own in-memory values.
@Suite(.dependencies) struct TCASharedDefaultsPortTests {
  @Test func testSharedDefaults_UseDefault() {
    @Shared(.isOn) var isOn
    #expect(isOn == false)
  }

  @Test func testSharedDefaults_OverrideDefault() {
    @Shared(.isOn) var isOn = true
    #expect(isOn == true)
  }

  @Test func testSharedDefaults_MultipleWithDifferentDefaults() {
    @Shared(.isOn) var isOn1
    @Shared(.isOn) var isOn2 = true
    @Shared(.inMemory("isOn")) var isOn3 = true

    #expect(isOn1 == false)
    #expect(isOn2 == false)
    #expect(isOn3 == false)

    isOn2 = true
    #expect(isOn1 == true)
    #expect(isOn2 == true)
    #expect(isOn3 == true)

    isOn1 = false
    #expect(isOn1 == false)
    #expect(isOn2 == false)
    #expect(isOn3 == false)

    isOn3 = true
    #expect(isOn1 == true)
    #expect(isOn2 == true)
    #expect(isOn3 == true)
  }

  @Test func testSharedDefaults_Used() {
    let didAccess = LockIsolated(false)
    let logDefault: @Sendable () -> Bool = {
      didAccess.setValue(true)
      return true
    }
    @Shared(.isActive(default: logDefault)) var isActive
    #expect(isActive == true)
    #expect(didAccess.value == true)
  }

  @Test func testSharedDefaults_Unused() {
    let didAccess = LockIsolated(false)
    let logDefault: @Sendable () -> Bool = {
      didAccess.setValue(true)
      return true
    }
    @Shared(.isActive(default: logDefault)) var isActive = false
    #expect(isActive == false)
    #expect(didAccess.value == false)
  }

  @Test func testSharedOverrideDefault() {
    let accessedActive1 = LockIsolated(false)
    let accessedDefault = LockIsolated(false)
    let logDefault: @Sendable () -> Bool = {
      accessedDefault.setValue(true)
      return true
    }
    @Shared(.isActive(default: logDefault)) var isActive1 = {
      accessedActive1.setValue(true)
      return false
    }()
    @Shared(.isActive(default: logDefault)) var isActive2

    #expect(isActive1 == false)
    #expect(isActive2 == false)
    #expect(accessedActive1.value == true)
    #expect(accessedDefault.value == false)
  }

  @Test func testSharedReaderOverrideDefault() {
    let accessedActive1 = LockIsolated(false)
    let accessedDefault = LockIsolated(false)
    let logDefault: @Sendable () -> Bool = {
      accessedDefault.setValue(true)
      return true
    }
    @SharedReader(.isActive(default: logDefault)) var isActive1 = {
      accessedActive1.setValue(true)
      return false
    }()
    @SharedReader(.isActive(default: logDefault)) var isActive2

    #expect(isActive1 == false)
    #expect(isActive2 == false)
    #expect(accessedActive1.value == true)
    #expect(accessedDefault.value == false)
  }

  /// Upstream's initial value is an autoclosure, not evaluated when the key already holds a
  /// value; here it is evaluated (DifferencesFromTCA), and the stored value still wins.
  @Test func testSharedInitialValueUnused() {
    let accessedIsOn1 = LockIsolated(false)
    let accessedIsOn2 = LockIsolated(false)
    @Shared(.isOn) var isOn1 = {
      accessedIsOn1.setValue(true)
      return false
    }()
    @Shared(.isOn) var isOn2 = {
      accessedIsOn2.setValue(true)
      return true
    }()
    #expect(isOn1 == false)
    #expect(isOn2 == false)
    #expect(accessedIsOn1.value == true)
    #expect(accessedIsOn2.value == true, "evaluated here; upstream's autoclosure is not")
  }

  @Test func testSharedThrowingInitialValueUnused() {
    #expect(throws: SharedLoadError.self) { try Shared(.noDefaultIsOn) }
  }

  /// As ``testSharedInitialValueUnused()``, for the reader.
  @Test func testSharedReaderInitialValueUnused() {
    let accessedIsOn1 = LockIsolated(false)
    let accessedIsOn2 = LockIsolated(false)
    @SharedReader(.isOn) var isOn1 = {
      accessedIsOn1.setValue(true)
      return false
    }()
    @SharedReader(.isOn) var isOn2 = {
      accessedIsOn2.setValue(true)
      return true
    }()
    #expect(isOn1 == false)
    #expect(isOn2 == false)
    #expect(accessedIsOn1.value == true)
    #expect(accessedIsOn2.value == true, "evaluated here; upstream's autoclosure is not")
  }

  @Test func testSharedReaderThrowingInitialValueUnused() {
    #expect(throws: SharedLoadError.self) { try SharedReader(.noDefaultIsOn) }
  }

  @Test func testSharedReaderDefaults_MultipleWithDifferentDefaults() {
    @Shared(.inMemory("isOn")) var isOn = false
    @SharedReader(.isOn) var isOn1
    @SharedReader(.isOn) var isOn2 = true
    @SharedReader(.inMemory("isOn")) var isOn3 = true

    #expect(isOn1 == false)
    #expect(isOn2 == false)
    #expect(isOn3 == false)

    isOn = true
    #expect(isOn1 == true)
    #expect(isOn2 == true)
    #expect(isOn3 == true)
  }

  /// Upstream writes `true` to `UserDefaults` first; here the test writes it to the file.
  @Test func testDefaultVersusValueInExternalStorage() async throws {
    @Dependency(\.defaultFileStorage) var fileStorage
    try fileStorage.save(Data("true".utf8), .optionalValueFile)

    @Shared(.optionalValueWithDefault) var optionalValueWithDefault

    #expect(optionalValueWithDefault != nil)

    $optionalValueWithDefault.withLock { $0 = nil }

    #expect(optionalValueWithDefault == nil)
    #expect(try String(decoding: fileStorage.load(.optionalValueFile), as: UTF8.self) == "null")
  }

  /// `SharedReaderTests.testSharedReader`.
  @Test func testSharedReader() {
    @Shared var count: Int
    _count = Shared(0)
    let countReader = $count.reader

    count += 1
    #expect(count == 1)
    #expect(countReader.wrappedValue == 1)
  }

  @Test func aStoredValueIsSharedWithoutAnInitialValue() throws {
    @Shared(.inMemory("count")) var count = 3
    let again = try Shared<Int>(.inMemory("count"))
    let reader = try SharedReader<Int>(.inMemory("count"))
    count = 4
    #expect(again.wrappedValue == 4)
    #expect(reader.wrappedValue == 4)
  }

  @Test func aFileHoldingAValueIsSharedWithoutAnInitialValue() throws {
    let url = URL(fileURLWithPath: "/settings/count.json")
    #expect(throws: SharedLoadError.self) { try Shared<Int>(.fileStorage(url)) }
    @Dependency(\.defaultFileStorage) var fileStorage
    try fileStorage.save(Data("7".utf8), url)
    let count = try Shared<Int>(.fileStorage(url))
    #expect(count.wrappedValue == 7)
  }

  @Test func aReaderProjectsAFieldReadOnly() {
    struct Settings: Equatable, Sendable {
      var metric = true
      var rate = 50
    }
    @Shared(.inMemory("settings")) var settings = Settings()
    let rate = $settings.reader.rate
    settings.rate = 100
    #expect(rate.wrappedValue == 100)
    #expect(rate == $settings.rate.reader)
    #expect(String(describing: rate) == "100")
  }
}

/// A feature owning a count, and a child that only reads it.
private struct ReaderParent: Reducer {
  struct State: Equatable, Sendable {
    @Shared var count: Int
    var child: ReaderChild.State

    init() {
      let count = Shared(wrappedValue: 0, .inMemory("count"))
      _count = count
      child = ReaderChild.State(count: count.reader)
    }
  }

  enum Action: Equatable, Sendable {
    case increment
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    state.count += 1
    return .none
  }
}

/// The child's state: a read-only view of the parent's count.
private enum ReaderChild {
  struct State: Equatable, Sendable {
    @SharedReader var count: Int

    init(count: SharedReader<Int>) {
      _count = count
    }
  }
}

@Suite struct SharedReaderTestStoreTests {
  @Test func aChangeTheReaderSeesIsAssertedThroughTheOwner() async {
    let store = TestStore(initialState: ReaderParent.State()) { ReaderParent() }
    await store.send(.increment) {
      $0.count = 1
      #expect($0.child.count == 1)
    }
  }

  @Test func anUnassertedChangeShowsOnTheReaderToo() async {
    let store = TestStore(initialState: ReaderParent.State()) { ReaderParent() }
    await withKnownIssue {
      await store.send(.increment)
    } matching: { issue in
      let text = issue.comments.map(\.rawValue).joined(separator: "\n")
      return text.contains("−   _count: 0") && text.contains("+     _count: 1")
    }
  }
}

/// A count an effect changes after the action that starts it returned.
private struct EffectCounter: Reducer {
  struct State: Equatable, Sendable {
    @Shared var count: Int
  }

  enum Action: Equatable, Sendable {
    case incrementInEffect
    case incrementInReducer
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .incrementInEffect:
      return .run { [count = state.$count] _ in count.withLock { $0 += 1 } }
    case .incrementInReducer:
      state.count += 1
      return .none
    }
  }
}

/// TCA's `$shared.assert { … }` on a test store's state.
@Suite struct SharedAssertTests {
  /// `SharedTests.testAssertSharedStateWithNoChanges`.
  @Test func testAssertSharedStateWithNoChanges() {
    let store = TestStore(initialState: EffectCounter.State(count: Shared(0))) { EffectCounter() }
    withKnownIssue {
      store.state.$count.assert { $0 = 0 }
    } matching: {
      $0.comments.map(\.rawValue) == ["Expected changes, but none occurred."]
    }
  }

  @Test func aChangeAnEffectMadeIsAssertedOnTheSharedValue() async {
    let store = TestStore(initialState: EffectCounter.State(count: Shared(0))) { EffectCounter() }
    await store.send(.incrementInEffect).finish()
    store.state.$count.assert { $0 = 1 }
    await store.send(.incrementInReducer) { $0.count = 2 }
  }

  @Test func aWrongExpectationFailsWithTheDiffAndIsNotReportedAgain() async {
    let store = TestStore(initialState: EffectCounter.State(count: Shared(0))) { EffectCounter() }
    await store.send(.incrementInEffect).finish()
    withKnownIssue {
      store.state.$count.assert { $0 = 5 }
    } matching: { issue in
      let text = issue.comments.map(\.rawValue).joined(separator: "\n")
      return text.contains("− 5") && text.contains("+ 1")
    }
  }
}
