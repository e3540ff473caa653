import ComposableStore
import Dispatch

#if canImport(Glibc)
  import Glibc
#endif

/// Runs one feature in a `Store` until it finishes, a limit is reached or the user quits, showing
/// it in the chosen ``OutputMode``, and returns the process exit status.
///
/// Everything shown comes from `store.states`, outside the reducer: full-screen frames from the
/// newest state, plain lines and JSON from the ``Journaled`` entries each state carries.
///
/// - `.screen`: the header (command, LIVE/REPLAY, source) on top, the keys on the last row, the
///   view fitted to the terminal in between, redrawn at up to 20 frames a second; `q` quits,
///   Ctrl-C and SIGTERM quit too, and the terminal is restored on every path.
/// - `.lines` / `.json`: the source first, then each event's lines as the store handled them.
///
/// Exit status: 0 when the run ended normally or the user quit; 1 when the feature failed or
/// `--count N` ended with fewer than N (the message goes to standard error); 130 after SIGINT,
/// 143 after SIGTERM.
struct FeatureRunner<State: Sendable, Action: Sendable>: Sendable {
  /// How the run ended.
  typealias Ending = RunEnding

  /// What the run shows and where its data comes from.
  var description: RunDescription
  /// How the feature is shown.
  var presentation: Presentation<State, Action>
  /// The actions that start the feature.
  var start: [Action]
  /// The actions that stop the feature in a given state and release what it holds.
  var stop: @Sendable (State) -> [Action]
  /// Whether the feature has nothing more to do.
  var isFinished: @Sendable (State) -> Bool
  /// Why the run failed once it ended this way, or `nil`.
  var failure: @Sendable (State, Ending) -> String? = { _, _ in nil }
  /// The actions a key press sends in the current state, in order; none to ignore the key (`q`
  /// always quits).
  var keys: @Sendable (UInt8, State) -> [Action] = { _, _ in [] }
  /// `--count`: how many of what the feature counts were asked for, the noun ("updates"), and
  /// how many arrived so far.
  var count: (limit: Int, noun: String, progress: @Sendable (State) -> Int)?
  /// `--seconds`: stop after this long (wall-clock time).
  var timeLimit: Duration?
  /// Why the source ended, shown when a run ended by itself ("end of replay").
  var endedMessage: @Sendable (State) -> String? = { _ in nil }

  enum Event: Sendable {
    case state(Journaled<State, Action>)
    case key(UInt8)
    case signal(Int32)
    case tick
    case timeUp
    case outputClosed
  }

  /// Runs `reducer` from `initialState` and returns the exit status.
  func run<R: Reducer<State, Action>>(
    initialState: State, reducer: sending R, mode: OutputMode, output: OutputWriter = OutputWriter()
  ) async -> Int32 {
    let (events, continuation) = AsyncStream.makeStream(
      of: Event.self, bufferingPolicy: .bufferingNewest(64))
    let store = Store(
      initialState: Journaled<State, Action>(feature: initialState),
      reducer: JournalReducer(base: reducer, records: mode != .screen))
    let sources = EventSources(continuation: continuation, readsKeys: mode == .screen)
    let screen = mode == .screen ? TerminalScreen() : nil
    var writer = LineWriter(presentation: presentation, mode: mode, output: output)
    if !writer.writeSource(description) { continuation.yield(.outputClosed) }
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
    let timer = Task {
      guard let limit = timeLimit else { return }
      try await Task.sleep(for: limit)
      continuation.yield(.timeUp)
    }
    for action in start { store.send(action) }
    let ending = await loop(events, store: store, screen: screen, writer: &writer)
    sources.cancel()
    timer.cancel()
    let stopping = stop(store.state.feature).map { store.send($0) }
    for task in stopping { await Self.finish(task, within: .seconds(2)) }
    observer.cancel()
    ticker.cancel()
    let final = store.state
    // The last lines; a reader gone by now changes nothing (the run is over either way).
    if ending == .finished || ending == .timeUp { _ = writer.write(final, isFinished: isFinished) }
    if let screen {
      screen.draw(frame(final.feature, ending: ending, screen: screen))
      screen.restore()
    }
    let message = failureMessage(final.feature, ending: ending)
    writer.writeEnd(ending: ending, failure: message, ended: sourceEnded(final.feature))
    if case .signal(let number) = ending { return 128 + number }
    if let message {
      StandardError.write("sensors-demo: \(message)")
      return 1
    }
    return 0
  }

  private func loop(
    _ events: AsyncStream<Event>, store: Store<Journaled<State, Action>, Action>,
    screen: TerminalScreen?, writer: inout LineWriter<State, Action>
  ) async -> Ending {
    var latest: State?
    var dirty = false
    let lingers = count == nil && timeLimit == nil
    for await event in events {
      switch event {
      case .state(let state):
        latest = state.feature
        dirty = true
        if !writer.write(state, isFinished: isFinished) { return .outputClosed }
        if isFinished(state.feature),
          screen == nil || !lingers || failure(state.feature, .finished) != nil
        {
          return .finished
        }
      case .tick:
        if dirty, let latest, let screen {
          screen.draw(frame(latest, ending: nil, screen: screen))
          dirty = false
        }
      case .key(let key):
        if key == UInt8(ascii: "q") || key == UInt8(ascii: "Q") { return .quit }
        for action in keys(key, store.state.feature) { store.send(action) }
      case .signal(let number):
        return .signal(number)
      case .timeUp:
        return .timeUp
      case .outputClosed:
        return .outputClosed
      }
    }
    return .finished
  }

  /// The full screen: header, the feature's view, and the keys (or how the run ended).
  func frame(_ state: State, ending: Ending?, screen: TerminalScreen) -> [String] {
    let size = screen.size
    return frame(state, ending: ending, columns: size.columns, rows: size.rows)
  }

  /// The full screen for a `columns` × `rows` terminal.
  func frame(_ state: State, ending: Ending?, columns: Int, rows: Int) -> [String] {
    var header = [
      "\(description.title) · \(description.badge)"
        + (description.hint.isEmpty ? "" : " · \(description.hint)")
    ]
    header += description.source.split(separator: "\n").map(String.init) + [""]
    var status: [String] = []
    if let count { status.append("\(count.progress(state)) of \(count.limit) \(count.noun)") }
    if let ended = sourceEnded(state) { status.append("■ \(ended)") }
    let keys = (["q: quit"] + description.keys).joined(separator: "  ")
    let footer = [(status + [keys]).joined(separator: " · ")]
    var body = presentation.screen(state)
    let room = rows - header.count - footer.count
    if let compact = presentation.compactScreen,
      body.flatMap({ ScreenLayout.wrap($0, to: columns) }).count > room
    {
      body = compact(state)
    }
    return ScreenLayout.fit(
      header: header, body: body, footer: footer, width: columns, height: rows)
  }

  /// The end-of-source message when the feature finished by itself short of any `--count`.
  func sourceEnded(_ state: State) -> String? {
    guard isFinished(state) else { return nil }
    if let count, count.progress(state) >= count.limit { return nil }
    return endedMessage(state)
  }

  /// Why the run failed: the feature's own reason, or fewer than `--count` asked for.
  func failureMessage(_ state: State, ending: Ending) -> String? {
    switch ending {
    case .quit, .outputClosed, .signal: return nil
    case .finished, .timeUp: break
    }
    if let message = failure(state, ending) { return message }
    guard let count else { return nil }
    let progress = count.progress(state)
    guard progress < count.limit else { return nil }
    let reason =
      ending == .timeUp
      ? "the --seconds limit came first"
      : sourceEnded(state) ?? "the source ended first"
    return "got \(progress) of the \(count.limit) \(count.noun) asked for with --count: \(reason)"
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
