import ComposableSensorsTesting
import ComposableStore
import Synchronization
import Testing

/// Collects what a printer writes.
private final class Lines: Sendable, TextOutputStream {
  private let text = Mutex("")
  func write(_ string: String) { text.withLock { $0 += string } }
  var all: String { text.withLock { $0 } }
}

@Suite struct PrintChangesTests {
  @Test func printsTheActionAndADiffOfTheState() {
    let output = Lines()
    let store = Store(initialState: Parent.State()) {
      Parent()._printChanges { output.write($0) }
    }
    store.send(.counter(.increment))
    #expect(
      output.all == """
        received action:
          .counter(.increment)
          Parent.State(
            counter: Counter.State(
        −     count: 0,
        +     count: 1,
              echoes: []
            ),
          … (3 unchanged)

        """)
  }

  @Test func saysWhenNothingChanged() {
    let output = Lines()
    let store = Store(initialState: Parent.State()) { Parent()._printChanges(to: output) }
    store.send(.counter(.echoed(4)))
    store.send(.toggleVerbose)
    #expect(output.all.hasPrefix("received action:\n  .counter(.echoed(4))\n"))
    #expect(!output.all.contains("(No state changes)"))
    let quiet = Lines()
    let unchanged = Store(initialState: 0) {
      Reduce<Int, String> { _, _ in .none }._printChanges(to: quiet)
    }
    unchanged.send("noop")
    #expect(quiet.all == "received action:\n  \"noop\"\n  (No state changes)\n")
  }

  @Test func aCustomPrinterGetsBothStates() {
    let seen = Mutex<[String]>([])
    let store = Store(initialState: 0) {
      Reduce<Int, Int> { state, action in
        state += action
        return .none
      }
      ._printChanges(
        ReducerPrinter { action, old, new in seen.withLock { $0.append("\(old)+\(action)=\(new)") }
        }
      )
    }
    store.send(2)
    store.send(3)
    #expect(seen.withLock { $0 } == ["0+2=2", "2+3=5"])
  }

  /// TCA's `testDebugReducer_Order`: stacked printers report each action in the order sent, every
  /// printer once per action, and actions an effect feeds back come after the one that ran it.
  @Test func stackedPrintersReportActionsInOrder() async {
    let lines = Mutex<[String]>([])
    let printer = ReducerPrinter<Int, Int> { action, _, _ in
      lines.withLock { $0.append("\(action)") }
    }
    let store = Store(initialState: 0) {
      Reduce<Int, Int> { state, action in
        state += action
        return action == 1 ? .send(10) : .none
      }
      ._printChanges(printer)
      ._printChanges(printer)
    }
    store.send(1)
    await store.send(2).finish()
    #expect(lines.withLock { $0 } == ["1", "1", "10", "10", "2", "2"])
    #expect(store.state == 13)
  }
}
