// TCA's EffectRunTests, EffectOperationTests, EffectTests and ReducerTests (MIT licence,
// Point-Free, github.com/pointfreeco/swift-composable-architecture,
// Tests/ComposableArchitectureTests at tag 1.3.0), under their upstream names, rewritten for
// Swift Testing: `XCTExpectFailure` is `withKnownIssue`, `DispatchQueue.test` a TestClock, `Date`
// a `Timestamp`, `effect.actions` (a stream) `await effect.actions()` (an array), and state
// shared with effects a `LockIsolated` instead of a main-actor variable. EffectOperationTests
// read the effect's operation: TCA fuses two `run`s into one, this package keeps a tree of them
// (same actions, same order), so the fusing tests check what the fused effect sends.
import ComposableSensorsTesting
import Testing

@testable import ComposableStore

@Suite struct TCAEffectRunPortTests {
  struct State: Equatable {}
  enum Action: Equatable { case tapped, response }

  @Test func testRun() async {
    let store = TestStore(initialState: State()) {
      Reduce<State, Action> { state, action in
        switch action {
        case .tapped:
          return .run { send in await send(.response) }
        case .response:
          return .none
        }
      }
    }
    await store.send(.tapped)
    await store.receive(.response)
  }

  @Test func testRunCatch() async {
    let store = TestStore(initialState: State()) {
      Reduce<State, Action> { state, action in
        switch action {
        case .tapped:
          return .run { _ in
            struct Failure: Error {}
            throw Failure()
          } catch: { _, send in
            await send(.response)
          }
        case .response:
          return .none
        }
      }
    }
    await store.send(.tapped)
    await store.receive(.response)
  }

  struct Failure: Error {}

  @Test func testRunUnhandledFailure() async {
    let line = LockIsolated<UInt>(0)
    let store = TestStore(initialState: State()) {
      Reduce<State, Action> { state, action in
        switch action {
        case .tapped:
          line.setValue(#line + 1)
          return .run { send in
            throw Failure()
          }
        case .response:
          return .none
        }
      }
    }
    await withKnownIssue {
      await store.send(.tapped).finish(timeout: 5 * 1_000_000_000)
    } matching: { issue in
      issue.comments.map(\.rawValue).joined(separator: "\n") == """
        An "Effect.run" returned from "ComposableStoreTests/TCAEffectPortTests.swift:\
        \(line.value)" threw an unhandled error.

            TCAEffectRunPortTests.Failure()

        All non-cancellation errors must be explicitly handled via the "catch" parameter on \
        "Effect.run", or via a "do" block.
        """
    }
  }

  @Test func testRunCancellation() async {
    enum CancelID { case response }
    let store = TestStore(initialState: State()) {
      Reduce<State, Action> { state, action in
        switch action {
        case .tapped:
          return .run { send in
            Task.cancel(id: CancelID.response)
            try Task.checkCancellation()
            await send(.response)
          }
          .cancellable(id: CancelID.response)
        case .response:
          return .none
        }
      }
    }
    await store.send(.tapped).finish()
  }

  @Test func testRunCancellationCatch() async {
    enum CancelID { case responseA }
    enum Action: Equatable { case tapped, responseA, responseB }
    let store = TestStore(initialState: State()) {
      Reduce<State, Action> { state, action in
        switch action {
        case .tapped:
          return .run { send in
            Task.cancel(id: CancelID.responseA)
            try Task.checkCancellation()
            await send(.responseA)
          } catch: { _, send in
            await send(.responseB)
          }
          .cancellable(id: CancelID.responseA)
        case .responseA, .responseB:
          return .none
        }
      }
    }
    await store.send(.tapped).finish()
  }

  enum EscapeAction { case tap, response }

  @Test func testRunEscapeFailure() async {
    let clock = TestClock()
    let escaped = LockIsolated<Task<Void, any Error>?>(nil)
    let reducer = Reduce<Int, EscapeAction> { _, action in
      switch action {
      case .tap:
        return .run { send in
          escaped.setValue(
            Task {
              try await clock.sleep(for: .seconds(1))
              await send(.response)
            })
        }
      case .response:
        return .none
      }
    }
    // Upstream's store reports to XCTest; this one reports to the test through its issue hook.
    let warnings = LockIsolated<[String]>([])
    let store = Store<Int, EscapeAction>(
      initialState: 0, reduce: reducer.reduce(into:action:),
      reportUnhandled: { message, _, _ in warnings.withValue { $0.append(message) } })
    await store.send(.tap).finish()
    await clock.waitForSleepers(1)
    await clock.advance(by: .seconds(1))
    _ = await escaped.value?.result
    #expect(
      warnings.value == [
        """
        An action was sent from a completed effect.

          Action:
            TCAEffectRunPortTests.EscapeAction.response

          Effect returned from:
            TCAEffectRunPortTests.EscapeAction.tap

        Avoid sending actions using the 'send' argument from 'Effect.run' after the effect has \
        completed. This can happen if you escape the 'send' argument in an unstructured context.

        To fix this, make sure that your 'run' closure does not return until you're done \
        calling 'send'.
        """
      ])
  }
}

@Suite struct TCAEffectOperationPortTests {
  private func isNone(_ effect: Effect<Int>) -> Bool {
    if case .none = effect.operation { true } else { false }
  }

  private func isRun(_ effect: Effect<Int>) -> Bool {
    if case .run = effect.operation { true } else { false }
  }

  @Test func testMergeDiscardsNones() async {
    #expect(isNone(Effect<Int>.none.merge(with: .none)))
    var effect = Effect<Int>.run { send in await send(42) }.merge(with: .none)
    #expect(isRun(effect))
    #expect(await effect.actions() == [42])
    effect = Effect<Int>.none.merge(with: .run { send in await send(42) })
    #expect(isRun(effect))
    #expect(await effect.actions() == [42])
    effect = Effect<Int>.run { await $0(42) }.merge(with: .none)
    #expect(isRun(effect))
    #expect(await effect.actions() == [42])
    effect = Effect<Int>.none.merge(with: .run { await $0(42) })
    #expect(isRun(effect))
    #expect(await effect.actions() == [42])
  }

  @Test func testConcatenateDiscardsNones() async {
    #expect(isNone(Effect<Int>.none.concatenate(with: .none)))
    var effect = Effect<Int>.run { send in await send(42) }.concatenate(with: .none)
    #expect(isRun(effect))
    #expect(await effect.actions() == [42])
    effect = Effect<Int>.none.concatenate(with: .run { send in await send(42) })
    #expect(isRun(effect))
    #expect(await effect.actions() == [42])
    effect = Effect<Int>.run { await $0(42) }.concatenate(with: .none)
    #expect(isRun(effect))
    #expect(await effect.actions() == [42])
    effect = Effect<Int>.none.concatenate(with: .run { await $0(42) })
    #expect(isRun(effect))
    #expect(await effect.actions() == [42])
  }

  @Test func testMergeFuses() async {
    let clock = TestClock()
    let effect = Effect<Int>.run { send in
      try await clock.sleep(for: .seconds(1))
      await send(42)
    }
    .merge(
      with: .run { send in
        try await clock.sleep(for: .seconds(2))
        await send(1729)
      }
    )
    let values = Task { await effect.actions() }
    await clock.waitForSleepers(2)
    await clock.run()
    #expect(await values.value == [42, 1729])
  }

  @Test func testConcatenateFuses() async {
    let effect = Effect<Int>.run { send in await send(42) }
      .concatenate(with: .run { send in await send(1729) })
    #expect(await effect.actions() == [42, 1729])
  }

  @Test func testMap() async {
    let effect = Effect<Int>.run { send in await send(42) }
      .map { "\($0)" }
    #expect(await effect.actions() == ["42"])
  }
}

@Suite struct TCAEffectPortTests {
  @Test func testDoubleCancelInFlight() async {
    let effect = Effect.send(42)
      .cancellable(id: "id", cancelInFlight: true)
      .cancellable(id: "id", cancelInFlight: true)
    #expect(await effect.actions() == [42])
  }

  struct DateFeature: Reducer {
    enum Action: Equatable {
      case tap
      case response(Int)
    }
    @Dependency(\.date) var date
    func reduce(into state: inout Int, action: Action) -> Effect<Action> {
      switch action {
      case .tap:
        return .run { send in
          await send(.response(Int(self.date.now.timeIntervalSince1970)))
        }
      case .response(let value):
        state = value
        return .none
      }
    }
  }

  @Test func testDependenciesTransferredToEffects_Task() async {
    let store = TestStore(initialState: 0) {
      DateFeature()
        .dependency(\.date, .constant(Timestamp(timeIntervalSince1970: 1_234_567_890)))
    }
    await store.send(.tap).finish(timeout: 1_000_000_000)
    await store.receive(.response(1_234_567_890)) {
      $0 = 1_234_567_890
    }
  }

  @Test func testDependenciesTransferredToEffects_Run() async {
    let store = TestStore(initialState: 0) {
      DateFeature()
        .dependency(\.date, .constant(Timestamp(timeIntervalSince1970: 1_234_567_890)))
    }
    await store.send(.tap).finish(timeout: 1_000_000_000)
    await store.receive(.response(1_234_567_890), timeout: 1_000_000_000) {
      $0 = 1_234_567_890
    }
  }

  @Test func testMap() async {
    @Dependency(\.date) var date
    var effect = withDependencies {
      $0.date.now = Timestamp(timeIntervalSince1970: 1_234_567_890)
    } operation: {
      Effect.send(()).map { date() }
    }
    #expect(await effect.actions() == [Timestamp(timeIntervalSince1970: 1_234_567_890)])
    effect = withDependencies {
      $0.date.now = Timestamp(timeIntervalSince1970: 1_234_567_890)
    } operation: {
      Effect<Void>.run { send in await send(()) }.map { date() }
    }
    #expect(await effect.actions() == [Timestamp(timeIntervalSince1970: 1_234_567_890)])
  }
}

@Suite struct TCAReducerPortTests {
  @Test func testCallableAsFunction() {
    let reducer = Reduce<Int, Void> { state, _ in
      state += 1
      return .none
    }
    var state = 0
    _ = reducer.reduce(into: &state, action: ())
    #expect(state == 1)
  }

  enum Action: Equatable {
    case increment
  }

  @Test func testCombine_EffectsAreMerged() async throws {
    struct Delayed: Reducer {
      typealias State = Int
      @Dependency(\.continuousClock) var clock
      let delay: Duration
      let setValue: @Sendable () async -> Void
      func reduce(into state: inout State, action: Action) -> Effect<Action> {
        state += 1
        return .run { _ in
          try await self.clock.sleep(for: self.delay)
          await self.setValue()
        }
      }
    }
    let fastValue = LockIsolated<Int?>(nil)
    let slowValue = LockIsolated<Int?>(nil)
    let clock = TestClock()
    let store = TestStore(initialState: 0) {
      Delayed(delay: .seconds(1), setValue: { fastValue.setValue(42) })
      Delayed(delay: .seconds(2), setValue: { slowValue.setValue(1729) })
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.increment) {
      $0 = 2
    }
    // Waiting a second causes the fast effect to fire.
    await clock.advance(by: .seconds(1))
    #expect(fastValue.value == 42)
    #expect(slowValue.value == nil)
    // Waiting one more second causes the slow effect to fire. This proves that the effects
    // are merged together, as opposed to concatenated.
    await clock.advance(by: .seconds(1))
    await store.finish()
    #expect(fastValue.value == 42)
    #expect(slowValue.value == 1729)
  }

  @Test func testCombine() async {
    struct One: Reducer {
      typealias State = Int
      let effect: @Sendable () async -> Void
      func reduce(into state: inout State, action: Action) -> Effect<Action> {
        state += 1
        return .run { _ in
          await self.effect()
        }
      }
    }
    let first = LockIsolated(false)
    let second = LockIsolated(false)
    let store = TestStore(initialState: 0) {
      One(effect: { first.setValue(true) })
      One(effect: { second.setValue(true) })
    }
    await store
      .send(.increment) { $0 = 2 }
      .finish()
    #expect(first.value)
    #expect(second.value)
  }
}
