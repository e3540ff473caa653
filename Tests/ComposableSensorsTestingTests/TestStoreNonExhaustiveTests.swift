import ComposableSensorsTesting
import ComposableStore
import Testing

/// `exhaustivity = .off`: what it checks, what it skips, and where the feature's state is.
@Suite struct TestStoreNonExhaustiveTests {
  @Test func checksOnlyWhatTheTestMentions() async {
    let store = TestStore(initialState: Counter.State()) { Counter() }
    store.exhaustivity = .off
    await store.send(.increment)
    await store.send(.increment) { $0.count = 2 }
    await store.send(.echoTwice)
    await store.receive(.echoed(3)) { $0.echoes = [2, 3] }
    #expect(store.state.echoes == [2, 3])
  }

  @Test func withExhaustivityTurnsItOffForAStretchOnly() async {
    let store = TestStore(initialState: Counter.State()) { Counter() }
    await store.withExhaustivity(.off) {
      await store.send(.increment)
      await store.send(.echoTwice).finish()
    }
    #expect(store.exhaustivity == .on)
    // Back to exhaustive: the echoes received in the stretch must be handled before a send.
    await withKnownIssue {
      await store.send(.increment) { $0.count = 2 }
    } matching: { issue in
      text(of: issue).hasPrefix("Must handle 2 received actions before sending .increment:")
    }
  }

  @Test func anAssertionThatDoesNotHoldStillFails() async {
    let store = TestStore(initialState: Counter.State()) { Counter() }
    store.exhaustivity = .off
    await withKnownIssue {
      await store.send(.increment) { $0.count = 5 }
    } matching: { issue in
      text(of: issue).hasPrefix(
        "A state change does not match expectation after sending .increment:")
    }
  }

  @Test func stateLagsBehindReceivedActionsUntilTheTestReceivesOrSkipsThem() async {
    let store = TestStore(initialState: Counter.State()) { Counter() }
    store.exhaustivity = .off
    await store.send(.echoTwice).finish()
    // TCA's meaning of `state`: the state as asserted, before the two echoes.
    #expect(store.state.echoes == [])
    // What the feature shows now, and after each received action.
    #expect(store.stateAfterReceivedActions.echoes == [0, 1])
    #expect(store.receivedActions == [.echoed(0), .echoed(1)])
    #expect(store.receivedStates.map(\.echoes) == [[0], [0, 1]])
    await store.skipReceivedActions()
    #expect(store.state.echoes == [0, 1])
    #expect(store.stateAfterReceivedActions == store.state)
  }

  @Test func sendSkipsTheActionsReceivedBeforeIt() async {
    let store = TestStore(initialState: Counter.State()) { Counter() }
    store.exhaustivity = .off
    await store.send(.echoTwice).finish()
    await store.send(.increment) {
      #expect(store.state.echoes == [0, 1], "the closure starts after the skipped echoes")
      $0.count = 1
    }
    #expect(store.receivedActions.isEmpty)
    #expect(store.state == Counter.State(count: 1, echoes: [0, 1]))
  }

  @Test func receiveSkipsEarlierActionsAndAdoptsTheirState() async {
    let store = TestStore(initialState: Counter.State(count: 7)) { Counter() }
    store.exhaustivity = .off
    await store.send(.echoTwice).finish()
    await store.receive(.echoed(8)) {
      #expect(store.state.echoes == [7], "before .echoed(8): after the skipped .echoed(7)")
      $0.echoes = [7, 8]
    }
    #expect(store.state.echoes == [7, 8])
  }

  @Test func effectsMayOutliveTheTest() async {
    let headings = ScriptedStream<Double>()
    let store = TestStore(initialState: Compass.State()) {
      Compass(headings: { headings.stream })
    }
    store.exhaustivity = .off
    await store.send(.start)
    await headings.waitForConsumer()
    headings.yield(45)
    await store.receive(.heading(45)) { $0.headings = [45] }
    await store.finish(timeout: .milliseconds(20))
    #expect(store.inFlightEffectCount == 1, "still listening; cancelled with the store")
  }

  @Test func silentOffReportsNothingItSkipped() async {
    let skipped = await knownIssues {
      let store = TestStore(initialState: Counter.State()) { Counter() }
      store.exhaustivity = .off
      await store.send(.increment)
      await store.send(.echoTwice).finish()
      await store.skipReceivedActions()
      await store.send(.echo).finish()
    }
    #expect(skipped == [])
  }

  @Test func showSkippedAssertionsListsWhatWasSkippedAsKnownIssues() async {
    let skipped = await knownIssues {
      let store = TestStore(initialState: Counter.State()) { Counter() }
      store.exhaustivity = .off(showSkippedAssertions: true)
      await store.send(.increment)
      await store.send(.echoTwice).finish()
      await store.receive(.echoed(2)) { $0.echoes = [1, 2] }
      await store.send(.echo).finish()
      await store.finish()
    }
    #expect(
      skipped == [
        """
        Skipped assertions.

        State was not expected to change after sending .increment, but it did:

            Counter.State(
          −   count: 0,
          +   count: 1,
              echoes: []
            )

        (Expected: −, Actual: +)
        Describe the change in a trailing closure: { $0.field = newValue }.
        """,
        """
        Skipped assertions.

        1 received action was skipped:
          .echoed(1)
        """,
        """
        Skipped assertions.

        The store received 1 unexpected action that the test did not assert:
          .echoed(1)

        Assert each with "await store.receive(…)", or skip them with \
        "await store.skipReceivedActions()".
        """,
      ])
  }

  @Test func showSkippedAssertionsShowsWhatAPartialAssertionLeftOut() async {
    let skipped = await knownIssues {
      let store = TestStore(initialState: Counter.State()) { Counter() }
      store.exhaustivity = .off(showSkippedAssertions: true)
      await store.send(.echoTwice).finish()
      await store.receive(.echoed(0))
      // Holds on the actual state, but leaves out the new echo.
      await store.receive(.echoed(1)) { $0.count = 0 }
    }
    #expect(skipped.count == 2)
    #expect(
      skipped.first?.hasPrefix(
        "Skipped assertions.\n\nState was not expected to change after receiving .echoed(0)")
        == true)
    #expect(
      skipped.last?.hasPrefix(
        "Skipped assertions.\n\nA state change does not match expectation after receiving .echoed(1)"
      )
        == true)
  }

  @Test func explicitSkipsInAnExhaustiveTestAreKnownIssues() async {
    let headings = ScriptedStream<Double>()
    let skipped = await knownIssues {
      let store = TestStore(initialState: Compass.State()) {
        Compass(headings: { headings.stream })
      }
      await store.send(.start)
      await headings.waitForConsumer()
      headings.yield(10)
      await store.skipInFlightEffects()
      for _ in 0..<1000 where store.receivedActions.isEmpty { await Task.yield() }
      await store.skipReceivedActions()
      await store.send(.stop)
      await store.finish()
    }
    #expect(
      skipped == [
        """
        Skipped assertions.

        1 in-flight effect was skipped (still running, no longer tracked), started by:
          .start
        """,
        """
        Skipped assertions.

        1 received action was skipped:
          .heading(10.0)
        """,
      ])
  }
}
