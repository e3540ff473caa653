import ComposableStore

/// A client shaped like the package's (a struct of `@Sendable` closures), for the fourth figure:
/// what reading it through `@Dependency` costs beside holding it.
struct GaugeClient: Sendable {
  var read: @Sendable () -> Int
  var start: @Sendable (Int) -> Void
  var stop: @Sendable (Int) -> Void
  var isAvailable: @Sendable () -> Bool
  var interval: @Sendable () -> Duration
  var setInterval: @Sendable (Duration) -> Void
  var dropped: @Sendable () -> Int
  var reset: @Sendable () -> Void

  /// A client whose `read` returns `value`; the other endpoints do nothing.
  static func constant(_ value: Int) -> GaugeClient {
    GaugeClient(
      read: { value }, start: { _ in }, stop: { _ in }, isAvailable: { true },
      interval: { .milliseconds(10) }, setInterval: { _ in }, dropped: { 0 }, reset: {})
  }
}

extension DependencyValues {
  var gauge: GaugeClient {
    get { self[GaugeClientKey.self] }
    set { self[GaugeClientKey.self] = newValue }
  }
}

private enum GaugeClientKey: DependencyKey {
  static let liveValue = GaugeClient.constant(1)
}

/// Adds the gauge's reading to the state, reaching the gauge through `@Dependency`.
struct DependencyReader: Reducer {
  enum Action: Sendable { case sample }
  @Dependency(\.gauge) var gauge

  func reduce(into state: inout Int, action: Action) -> Effect<Action> {
    state &+= gauge.read()
    return .none
  }
}

/// The same, holding the gauge as a property (the initialiser style).
struct PropertyReader: Reducer {
  enum Action: Sendable { case sample }
  let gauge: GaugeClient

  func reduce(into state: inout Int, action: Action) -> Effect<Action> {
    state &+= gauge.read()
    return .none
  }
}

/// The same, holding the gauge but reading it through a getter that is not inlined, as Swift
/// reads a property-wrapped `var` it does not inline: the whole client is copied (a retain and
/// a release per endpoint). The floor of any property wrapper, whatever its lookup costs.
struct CopyingReader: Reducer {
  enum Action: Sendable { case sample }
  let held: GaugeClient

  var gauge: GaugeClient {
    @inline(never) get { held }
  }

  func reduce(into state: inout Int, action: Action) -> Effect<Action> {
    state &+= gauge.read()
    return .none
  }
}

/// The same, holding the gauge in memory of its own and borrowing it through an inlined `_read`
/// accessor, as `@Dependency` borrows from its memo: with no look-up at all, the floor of any
/// value resolved at its first read. The compiler cannot prove that memory constant for the
/// call, so it retains and releases the endpoint called (`read`'s context); only a value held
/// in a `let` from when the reducer is made avoids that.
struct BorrowingReader: Reducer {
  enum Action: Sendable { case sample }
  let cell: GaugeCell

  var gauge: GaugeClient {
    _read { yield cell.value.pointee }
  }

  func reduce(into state: inout Int, action: Action) -> Effect<Action> {
    state &+= gauge.read()
    return .none
  }
}

/// The same borrow, from a `let` of an object the reducer holds in a `let`: memory the compiler
/// knows constant, so the endpoint is lent without a retain, as from a property. A value a
/// wrapper resolves at its first read cannot be held so.
struct LetBorrowingReader: Reducer {
  enum Action: Sendable { case sample }
  let box: GaugeBox

  var gauge: GaugeClient {
    _read { yield box.gauge }
  }

  func reduce(into state: inout Int, action: Action) -> Effect<Action> {
    state &+= gauge.read()
    return .none
  }
}

/// A gauge behind a reference, fixed when it is made.
final class GaugeBox: Sendable {
  let gauge: GaugeClient

  init(_ gauge: GaugeClient) {
    self.gauge = gauge
  }
}

/// A gauge in memory of its own, at an address that does not change while the cell lives.
final class GaugeCell: Sendable {
  /// The address of the gauge (a word, so that the cell is `Sendable`; the gauge is written
  /// once, in `init`).
  private let address: UInt

  init(_ gauge: GaugeClient) {
    let cell = UnsafeMutablePointer<GaugeClient>.allocate(capacity: 1)
    cell.initialize(to: gauge)
    address = UInt(bitPattern: cell)
  }

  deinit {
    value.deinitialize(count: 1)
    value.deallocate()
  }

  /// The gauge's memory (never 0: it comes from an allocation).
  var value: UnsafeMutablePointer<GaugeClient> {
    UnsafeMutablePointer(bitPattern: address).unsafelyUnwrapped
  }
}
