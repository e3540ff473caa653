import ComposableStore
import Dispatch
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// Runs one feature in a `Store` until it finishes or the user quits, showing it in the chosen
/// ``OutputMode``, and returns the process exit status.
///
/// - `.screen`: full-screen redraw at up to 20 frames a second; `q` quits, Ctrl-C (SIGINT) and
///   SIGTERM quit too, and the terminal is restored on every path.
/// - `.lines` / `.json`: each action's lines are written as the reducer handles it; the run ends
///   when the feature says it is finished, or when the reader of standard output goes away.
///
/// Exit status: 0 when the run ended normally, 1 when the feature failed (its message goes to
/// standard error), 130 after SIGINT, 143 after SIGTERM.
public struct FeatureRunner<State: Sendable, Action: Sendable>: Sendable {
  /// How the feature is shown.
  public var presentation: Presentation<State, Action>
  /// The actions that start the feature.
  public var start: [Action]
  /// The action that stops the feature in a given state and releases what it holds, or `nil`
  /// when there is nothing to stop.
  public var stop: @Sendable (State) -> Action?
  /// Whether the feature has nothing more to do.
  public var isFinished: @Sendable (State) -> Bool
  /// Why the feature failed, or `nil`.
  public var failure: @Sendable (State) -> String?
  /// The action a key press sends, or `nil` to ignore the key (`q` always quits).
  public var keys: @Sendable (UInt8) -> Action?
  /// Whether a full-screen run stays on screen once finished, until the user quits.
  public var lingersWhenFinished: Bool

  /// Creates a runner; see the properties for each parameter.
  public init(
    presentation: Presentation<State, Action>,
    start: [Action],
    stop: @escaping @Sendable (State) -> Action?,
    isFinished: @escaping @Sendable (State) -> Bool,
    failure: @escaping @Sendable (State) -> String?,
    keys: @escaping @Sendable (UInt8) -> Action? = { _ in nil },
    lingersWhenFinished: Bool = true
  ) {
    self.presentation = presentation
    self.start = start
    self.stop = stop
    self.isFinished = isFinished
    self.failure = failure
    self.keys = keys
    self.lingersWhenFinished = lingersWhenFinished
  }

  enum Event: Sendable {
    case state(State)
    case key(UInt8)
    case signal(Int32)
    case tick
    case outputClosed
  }

  /// Runs `reducer` from `initialState` and returns the exit status.
  public func run<R: Reducer<State, Action>>(
    initialState: State, reducer: sending R, mode: OutputMode, output: OutputWriter = OutputWriter()
  ) async -> Int32 {
    let (events, continuation) = AsyncStream.makeStream(
      of: Event.self, bufferingPolicy: .bufferingNewest(64))
    let presentation = presentation
    let isFinished = isFinished
    // Once the feature is finished (say `--count` was reached), later events are not shown:
    // they may still arrive while the run loop winds down.
    let shownFinish = Atomic<Bool>(false)
    let observed = ObservedReducer(base: reducer) { action, state in
      guard !shownFinish.load(ordering: .relaxed) else { return }
      if isFinished(state) { shownFinish.store(true, ordering: .relaxed) }
      let lines: [String]
      switch mode {
      case .screen: return
      case .lines: lines = presentation.lines(action, state)
      case .json: lines = presentation.json(action, state).map(\.description)
      }
      if !output.write(lines: lines) { continuation.yield(.outputClosed) }
    }
    let store = Store(initialState: initialState, reducer: observed)
    let sources = EventSources(continuation: continuation, readsKeys: mode == .screen)
    let screen = mode == .screen ? TerminalScreen() : nil
    screen?.enter()
    let observer = Task {
      for await state in store.states { continuation.yield(.state(state)) }
    }
    let ticker = Task {
      while mode == .screen, !Task.isCancelled {
        try? await Task.sleep(for: .milliseconds(50))
        continuation.yield(.tick)
      }
    }
    for action in start { store.send(action) }
    let status = await loop(events, store: store, screen: screen)
    sources.cancel()
    if let action = stop(store.state) { await Self.finish(store.send(action), within: .seconds(2)) }
    observer.cancel()
    ticker.cancel()
    if let screen {
      screen.draw(presentation.screen(store.state))
      screen.restore()
    }
    if status == 0, let message = failure(store.state) {
      StandardError.write("sensors-demo: \(message)")
      return 1
    }
    return status
  }

  private func loop(
    _ events: AsyncStream<Event>, store: Store<State, Action>, screen: TerminalScreen?
  ) async -> Int32 {
    var latest: State?
    var dirty = false
    for await event in events {
      switch event {
      case .state(let state):
        latest = state
        dirty = true
        if isFinished(state), screen == nil || !lingersWhenFinished || failure(state) != nil {
          return 0
        }
      case .tick:
        if dirty, let latest, let screen {
          screen.draw(presentation.screen(latest))
          dirty = false
        }
      case .key(let key):
        if key == UInt8(ascii: "q") || key == UInt8(ascii: "Q") { return 0 }
        if let action = keys(key) { store.send(action) }
      case .signal(let number):
        return 128 + number
      case .outputClosed:
        return 0
      }
    }
    return 0
  }

  /// Waits for a task's effects, but no longer than `limit`: a stop that hangs must not keep
  /// the program from exiting.
  private static func finish(_ task: StoreTask, within limit: Duration) async {
    await withTaskGroup(of: Void.self) { group in
      group.addTask { await task.finish() }
      group.addTask { try? await Task.sleep(for: limit) }
      await group.next()
      group.cancelAll()
    }
  }
}
