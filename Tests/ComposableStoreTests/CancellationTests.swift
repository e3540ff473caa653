import ComposableSensorsTesting
import ComposableStore
import Testing

@Suite struct CancellationTests {
  @Test func cancelByIDStopsTheEffectsTask() async {
    let clock = TestClock()
    let ended = Latch()
    let store = TestStore(initialState: Ticker.State()) { Ticker(clock: clock, ended: ended) }
    await store.send(.start)
    await clock.advance(by: .seconds(1))
    await store.receive(.tick) { $0.ticks = 1 }
    await store.send(.stop)
    #expect(await ended.wait())
    await clock.advance(by: .seconds(5))
    await store.finish()
  }

  @Test func cancelInFlightReplacesTheRunningEffect() async {
    let clock = TestClock()
    let firstEnded = Latch()
    let store = Store(initialState: Ticker.State()) { Ticker(clock: clock, ended: firstEnded) }
    store.send(.start)
    await clock.advance(by: .zero)
    #expect(clock.sleeperCount == 1)
    store.send(.restart)
    #expect(await firstEnded.wait(), "the first timer's task ended")
    #expect(store.inFlightEffectCount == 1)
    await clock.advance(by: .seconds(2))
    #expect(store.state.ticks == 2, "only the new timer ticks")
    store.send(.stop)
  }

  @Test func storeTaskCancelStopsTheEffectsOfThatSend() async {
    let clock = TestClock()
    let ended = Latch()
    let store = Store(initialState: Ticker.State()) { Ticker(clock: clock, ended: ended) }
    let task = store.send(.start)
    #expect(task.hasEffects)
    #expect(!task.isCancelled)
    task.cancel()
    #expect(task.isCancelled)
    await task.finish()
    #expect(ended.isOpen)
    #expect(store.inFlightEffectCount == 0)
  }

  @Test func cancellingTheTaskThatAwaitsFinishCancelsTheEffects() async {
    let clock = TestClock()
    let ended = Latch()
    let store = Store(initialState: Ticker.State()) { Ticker(clock: clock, ended: ended) }
    let waiter = Task { await store.send(.start).finish() }
    await clock.advance(by: .zero)
    waiter.cancel()
    await waiter.value
    #expect(await ended.wait())
  }

  @Test func aCancelledEffectSendsNothingMore() async {
    let sent = Recorder<Int>()
    let cancelled = Latch()
    let resume = Latch()
    let store = Store(initialState: 0) {
      Reduce<Int, Int> { state, action in
        sent.record(action)
        guard action == 0 else { return .none }
        return .run { send in
          await withTaskCancellationHandler {
            _ = await resume.wait()
          } onCancel: {
            cancelled.open()
          }
          await send(99)  // after cancellation: dropped
        }
      }
    }
    let task = store.send(0)
    task.cancel()
    #expect(await cancelled.wait())
    resume.open()
    await task.finish()
    #expect(sent.all == [0])
  }

  @Test func cancellablePartsOfAConcatenationCancelAlone() async {
    let clock = TestClock()
    enum ID { case slow }
    let store = Store(initialState: [String]()) {
      Reduce<[String], String> { state, action in
        switch action {
        case "go":
          return .concatenate(
            .run { send in
              try await clock.sleep(for: .seconds(10))
              await send("slow")
            }
            .cancellable(id: ID.slow),
            .send("after")
          )
        case "skip":
          return .cancel(id: ID.slow)
        default:
          state.append(action)
          return .none
        }
      }
    }
    let task = store.send("go")
    await clock.advance(by: .seconds(1))
    store.send("skip")
    await task.finish()
    #expect(store.state == ["after"])
  }
}
