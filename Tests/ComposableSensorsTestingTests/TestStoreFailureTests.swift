import ComposableSensorsTesting
import ComposableStore
import Testing

/// Pins the text of every failure the TestStore reports: the messages are its user interface.
@Suite struct TestStoreFailureTests {
  @Test func stateMismatchOnSendShowsADiff() async {
    let store = TestStore(initialState: Counter.State()) { Counter() }
    await withKnownIssue {
      await store.send(.increment) { $0.count = 2 }
    } matching: { issue in
      text(of: issue) == """
        A state change does not match expectation after sending .increment:

            Counter.State(
          −   count: 2,
          +   count: 1,
              echoes: []
            )

        (Expected: −, Actual: +)
        """
    }
    #expect(store.state.count == 1, "the store adopts the actual state and goes on")
  }

  @Test func unassertedStateChangeOnSend() async {
    let store = TestStore(initialState: Counter.State()) { Counter() }
    await withKnownIssue {
      await store.send(.increment)
    } matching: { issue in
      let message = text(of: issue)
      return message.hasPrefix(
        "State was not expected to change after sending .increment, but it did:")
        && message.contains("−   count: 0,") && message.contains("+   count: 1,")
        && message.contains("Describe the change in a trailing closure")
    }
  }

  @Test func stateMismatchOnReceive() async {
    let store = TestStore(initialState: Counter.State(count: 3)) { Counter() }
    await store.send(.echo)
    await withKnownIssue {
      await store.receive(.echoed(3)) { $0.echoes = [4] }
    } matching: { issue in
      text(of: issue) == """
        A state change does not match expectation after receiving .echoed(3):

            Counter.State(
              count: 3,
              echoes: [
          −     [0]: 4
          +     [0]: 3
              ]
            )

        (Expected: −, Actual: +)
        """
    }
    await store.finish()
  }

  @Test func receivingAnUnexpectedAction() async {
    let store = TestStore(initialState: Counter.State(count: 3)) { Counter() }
    await store.send(.echo)
    await withKnownIssue {
      await store.receive(.echoed(4)) { $0.echoes = [3] }
    } matching: { issue in
      text(of: issue) == """
        Received an action other than the one expected:

          − .echoed(4)
          + .echoed(3)

        (Expected: −, Received: +)
        """
    }
    await store.finish()
  }

  /// TCA's headline, at once: with no effect running, nothing can arrive, so the receive does
  /// not wait for its timeout (an hour here, which the test would otherwise wait out).
  @Test func receivingWithNoEffectRunningFailsAtOnce() async {
    let store = TestStore(initialState: Counter.State()) { Counter() }
    await withKnownIssue {
      await store.receive(.echoed(0), timeout: .seconds(3600))
    } matching: { issue in
      text(of: issue) == """
        Expected to receive the following action, but didn't:
          .echoed(0)

        No effect is running, so none will arrive: check the action the effect sends.
        """
    }
  }

  @Test func receiveTimeoutNamesTheEffectsStillRunning() async {
    let clock = TestClock()
    let store = TestStore(initialState: Search.State()) { Search(clock: clock) }
    await store.send(.queryChanged("a")) { $0.query = "a" }
    await withKnownIssue {
      await store.receive(.search("a"), timeout: .milliseconds(20))
    } matching: { issue in
      let message = text(of: issue)
      return message.hasPrefix("Expected to receive .search(\"a\"), but received no action within")
        && message.contains("Effects still running were started by:\n  .queryChanged(\"a\")")
        && message.contains("advance the clock")
    }
    await clock.advance(by: .milliseconds(300))
    await store.receive(.search("a")) { $0.searches = ["a"] }
    await store.finish()
  }

  @Test func sendingBeforeHandlingReceivedActions() async {
    let store = TestStore(initialState: Counter.State()) { Counter() }
    await store.send(.echo).finish()
    await withKnownIssue {
      await store.send(.increment) { $0.count = 1 }
    } matching: { issue in
      text(of: issue) == """
        Must handle 1 received action before sending .increment:
          .echoed(0)

        Assert each with "await store.receive(…)", or skip them with \
        "await store.skipReceivedActions()".
        """
    }
    #expect(store.state == Counter.State(count: 1, echoes: [0]))
    await store.finish()
  }

  @Test func finishWithUnassertedReceivedActions() async {
    let store = TestStore(initialState: Counter.State(count: 5)) { Counter() }
    await store.send(.echoTwice)
    await withKnownIssue {
      await store.finish()
    } matching: { issue in
      text(of: issue) == """
        The store received 2 unexpected actions that the test did not assert:
          .echoed(5)
          .echoed(6)

        Assert each with "await store.receive(…)", or skip them with \
        "await store.skipReceivedActions()".
        """
    }
  }

  @Test func finishWithAnEffectStillRunning() async {
    let headings = ScriptedStream<Double>()
    let store = TestStore(initialState: Compass.State()) { Compass(headings: { headings.stream }) }
    await store.send(.start)
    await headings.waitForConsumer()
    await withKnownIssue {
      await store.finish(timeout: .milliseconds(20))
    } matching: { issue in
      text(of: issue).hasPrefix(
        """
        An effect is still running at the end of the test, started by:
          .start

        Every effect must end before the test does
        """)
    }
    await store.send(.stop)
    await store.finish()
  }

  @Test func releasingTheStoreWithAnEffectStillRunning() async {
    let headings = ScriptedStream<Double>()
    await withKnownIssue {
      let store = TestStore(initialState: Compass.State()) {
        Compass(headings: { headings.stream })
      }
      await store.send(.start)
      await headings.waitForConsumer()
    } matching: { issue in
      text(of: issue).hasPrefix(
        "An effect is still running at the end of the test, started by:\n  .start")
    }
    // The released store cancelled its effect.
    for _ in 0..<1000 where !headings.isCancelled { await Task.yield() }
    #expect(headings.isCancelled)
  }

  @Test func anEffectErrorWithoutHandlerFailsTheTest() async {
    let store = TestStore(initialState: Counter.State()) { Counter() }
    await withKnownIssue {
      await store.send(.forgetToHandleFailure).finish()
    } matching: { issue in
      // TCA's text, at the line of the `.run` in Support/Features.swift.
      text(of: issue).hasPrefix(
        "An \"Effect.run\" returned from \"ComposableSensorsTestingTests/Features.swift:")
        && text(of: issue).hasSuffix(
          """
          threw an unhandled error.

              sensor went away

          All non-cancellation errors must be explicitly handled via the "catch" parameter on \
          "Effect.run", or via a "do" block.
          """)
    }
    await store.finish()
  }

  @Test func taskFinishTimesOut() async {
    let clock = TestClock()
    let store = TestStore(initialState: Search.State()) { Search(clock: clock) }
    let task = await store.send(.queryChanged("x")) { $0.query = "x" }
    await withKnownIssue {
      await task.finish(timeout: .milliseconds(20))
    } matching: { issue in
      text(of: issue) == """
        An effect of this action is still running after 0.02 seconds.

        Finish the stream it reads, advance the TestClock it sleeps on, or raise the timeout.
        """
    }
    await task.cancel()
    await store.finish()
  }

  @Test func strictSkipsWithNothingToSkip() async {
    let store = TestStore(initialState: Counter.State()) { Counter() }
    // One known issue per call, so each must report its own message.
    await withKnownIssue {
      await store.skipReceivedActions(strict: true)
    } matching: { issue in
      text(of: issue) == "There were no received actions to skip."
    }
    await withKnownIssue {
      await store.skipInFlightEffects(strict: true)
    } matching: { issue in
      text(of: issue) == "There were no in-flight effects to skip."
    }
  }

  @Test func nonExhaustiveReceiveWithNoMatchingAction() async {
    let store = TestStore(initialState: Counter.State()) { Counter() }
    store.exhaustivity = .off
    await store.send(.echoTwice).finish()
    await withKnownIssue {
      await store.receive(.echoed(99), timeout: .milliseconds(20))
    } matching: { issue in
      text(of: issue) == """
        Expected to receive .echoed(99), but none of the received actions matches:
          .echoed(0)
          .echoed(1)
        """
    }
  }

  @Test func anAssertionClosureThatChangesNothingOnSend() async {
    let store = TestStore(initialState: Counter.State()) { Counter() }
    await withKnownIssue {
      await store.send(.echo) { $0.count = 0 }
    } matching: { issue in
      text(of: issue) == """
        Expected state to change after sending .echo, but no change occurred.

        The trailing closure made no observable modifications to state. If no change to state is \
        expected, omit the trailing closure.
        """
    }
    await store.receive(.echoed(0)) { $0.echoes = [0] }
    await store.finish()
  }

  @Test func anAssertionClosureThatChangesNothingOnReceive() async {
    let store = TestStore(initialState: Counter.State()) { Counter() }
    await store.send(.fail)
    await withKnownIssue {
      await store.receive(.failed("sensor went away")) { $0.echoes = [] }
    } matching: { issue in
      text(of: issue).hasPrefix(
        """
        Expected state to change after receiving .failed("sensor went away"), but no change \
        occurred.
        """)
    }
    await store.finish()
  }

  @Test func anActionSentFromACompletedEffect() async {
    let escaped = EscapedSend()
    let store = TestStore(initialState: 0) { Courier(escaped: escaped) }
    await store.send(.start).finish()
    await withKnownIssue {
      await escaped.send(.delivered)
    } matching: { issue in
      text(of: issue) == """
        An action was sent from a completed effect.

          Action:
            Courier.Action.delivered

          Effect returned from:
            Courier.Action.start

        Avoid sending actions using the 'send' argument from 'Effect.run' after the effect has \
        completed. This can happen if you escape the 'send' argument in an unstructured context.

        To fix this, make sure that your 'run' closure does not return until you're done \
        calling 'send'.
        """
    }
    // The action is still handled, as in TCA: the report names the bug, the state stays true.
    await store.receive(.delivered) { $0 = 1 }
    await store.finish()
  }

  @Test func anAssertionClosureThatThrows() async {
    struct Unexpected: Error {}
    let store = TestStore(initialState: Counter.State()) { Counter() }
    await withKnownIssue {
      await store.send(.increment) { _ in throw Unexpected() }
    } matching: { issue in
      text(of: issue).hasPrefix(
        "The assertion closure threw after sending .increment: Unexpected()")
    }
  }
}
