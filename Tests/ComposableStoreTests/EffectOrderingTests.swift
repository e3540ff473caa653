import ComposableSensorsTesting
import ComposableStore
import Testing

/// The order in which the store handles what effects send, pinned against The Composable
/// Architecture's (its `StoreTests` and `EffectTests`).
@Suite struct EffectOrderingTests {
  @Test func concatenatedSendsAreHandledBeforeSendReturns() {
    let store = Store(initialState: [Int]()) {
      Reduce<[Int], Int> { state, action in
        state.append(action)
        return action == 0 ? .concatenate(.send(1), .send(2)) : .none
      }
    }
    store.send(0)
    #expect(store.state == [0, 1, 2])
  }

  @Test func mergedSendsAreHandledBeforeSendReturns() {
    let store = Store(initialState: [Int]()) {
      Reduce<[Int], Int> { state, action in
        state.append(action)
        return action == 0 ? .merge(.send(1), .send(2), .send(3)) : .none
      }
    }
    store.send(0)
    #expect(store.state == [0, 1, 2, 3])
  }

  @Test func twoConcatenatedEffectsEachSendingThreeKeepTheirOrder() {
    let store = Store(initialState: [String]()) {
      Reduce<[String], String> { state, action in
        state.append(action)
        guard action == "a" else { return .none }
        return .concatenate(
          .concatenate(.send("b1"), .send("b2"), .send("b3")),
          .concatenate(.send("c1"), .send("c2"), .send("c3"))
        )
      }
    }
    store.send("a")
    #expect(store.state == ["a", "b1", "b2", "b3", "c1", "c2", "c3"])
  }

  @Test func fedBackActionsAreHandledFirstInFirstOut() {
    // TCA buffers every synchronously sent action and drains the buffer in order: the effects of
    // "b" run after "c", which "a" sent before "b" was reduced.
    let store = Store(initialState: [String]()) {
      Reduce<[String], String> { state, action in
        state.append(action)
        switch action {
        case "a": return .merge(.send("b"), .send("c"))
        case "b": return .send("b'")
        case "c": return .send("c'")
        default: return .none
        }
      }
    }
    store.send("a")
    #expect(store.state == ["a", "b", "c", "b'", "c'"])
  }

  @Test func aConcatenationWaitsForItsRunBeforeSendingTheRest() async {
    // The run waits for the test to open the gate, so nothing races the first expectation.
    let (gate, open) = AsyncStream.makeStream(of: Void.self)
    let store = Store(initialState: [Int]()) {
      Reduce<[Int], Int> { state, action in
        state.append(action)
        guard action == 0 else { return .none }
        return .concatenate(
          .send(1),
          .run { send in
            for await _ in gate {}
            await send(2)
          },
          .send(3))
      }
    }
    let task = store.send(0)
    #expect(store.state == [0, 1], "3 waits for the run, which waits for the gate")
    open.finish()
    await task.finish()
    #expect(store.state == [0, 1, 2, 3])
  }

  @Test func cancellingBeforeASendInTheSameConcatenationStopsNothingSynchronous() {
    let store = Store(initialState: [Int]()) {
      Reduce<[Int], Int> { state, action in
        state.append(action)
        guard action == 0 else { return .none }
        return .concatenate(.cancel(id: "x"), .send(1).cancellable(id: "x"), .send(2))
      }
    }
    store.send(0)
    #expect(store.state == [0, 1, 2])
  }
}

/// ``StoreTask`` covers the whole cascade of effects an action led to.
@Suite struct StoreTaskCascadeTests {
  enum Action: Equatable, Sendable {
    case start
    case started
    case work
    case done
  }

  /// `.start` runs an effect that sends `.started`; `.started` starts a second effect that waits
  /// for `gate` before sending `.done`.
  static func feature(gate: Latch, working: Latch) -> Reduce<[Action], Action> {
    Reduce { state, action in
      state.append(action)
      switch action {
      case .start:
        return .run { send in await send(.started) }
      case .started:
        return .run { send in
          working.open()
          _ = await gate.wait(upTo: .seconds(30))
          await send(.done)
        }
      case .work, .done:
        return .none
      }
    }
  }

  @Test func finishWaitsForEffectsStartedByFedBackActions() async {
    let gate = Latch()
    let working = Latch()
    let store = Store(initialState: [Action]()) { Self.feature(gate: gate, working: working) }
    let task = store.send(.start)
    let finished = Latch()
    let waiter = Task {
      await task.finish()
      finished.open()
    }
    #expect(await working.wait())
    #expect(!finished.isOpen, "the second effect still runs")
    gate.open()
    await waiter.value
    #expect(store.state == [.start, .started, .done])
    #expect(store.inFlightEffectCount == 0)
  }

  @Test func cancellingTheTaskCancelsTheWholeCascade() async {
    let samples = ScriptedStream<Int>()
    let store = Store(initialState: [Int]()) {
      Reduce<[Int], Int> { state, action in
        state.append(action)
        switch action {
        case 0: return .run { send in await send(1) }
        case 1:
          return .run { send in
            for try await value in samples.stream { await send(value) }
          }
        default: return .none
        }
      }
    }
    let task = store.send(0)
    await samples.waitForConsumer()
    samples.yield(7)
    task.cancel()
    await task.finish()
    #expect(samples.isCancelled)
    #expect(task.isCancelled)
    #expect(store.inFlightEffectCount == 0)
  }

  @Test func cancellingTheCallerOfFinishCancelsTheCascade() async {
    let samples = ScriptedStream<Int>()
    let store = Store(initialState: 0) {
      Reduce<Int, Int> { state, action in
        state += 1
        switch action {
        case 0: return .run { send in await send(1) }
        case 1: return .run { _ in for try await _ in samples.stream {} }
        default: return .none
        }
      }
    }
    let caller = Task { await store.send(0).finish() }
    await samples.waitForConsumer()
    caller.cancel()
    await caller.value
    #expect(samples.isCancelled)
  }

  @Test func aTaskOfAnotherSendIsNotPartOfTheCascade() async {
    let samples = ScriptedStream<Int>()
    let store = Store(initialState: 0) {
      Reduce<Int, Int> { state, action in
        state += 1
        switch action {
        case 0: return .run { _ in for try await _ in samples.stream {} }
        default: return .run { _ in }
        }
      }
    }
    let long = store.send(0)
    await samples.waitForConsumer()
    await store.send(1).finish()  // returns although the effect of `0` still runs
    #expect(store.inFlightEffectCount == 1)
    long.cancel()
    await long.finish()
  }
}
