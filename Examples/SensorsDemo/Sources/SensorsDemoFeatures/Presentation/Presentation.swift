/// How a feature shows itself in each output mode: a full screen on a terminal, plain lines
/// when piped, one JSON object per event with `--json`.
///
/// `lines` and `json` are called once per handled action with the state after it, outside the
/// reducer (from the journal the runner reads off `store.states`), so every event is written
/// exactly once and in order; `screen` is called for the newest state when a frame is due.
struct Presentation<State, Action>: Sendable {
  /// The full-screen view of a state, one string per terminal row.
  var screen: @Sendable (State) -> [String]
  /// The plain lines an action produced (often none), given the state after it.
  var lines: @Sendable (Action, State) -> [String]
  /// The JSON objects an action produced (often none), given the state after it.
  var json: @Sendable (Action, State) -> [JSONLine]
  /// A shorter full-screen view for terminals too small for ``screen``, or `nil`.
  var compactScreen: (@Sendable (State) -> [String])?

  /// Creates a presentation from its renderings.
  init(
    screen: @escaping @Sendable (State) -> [String],
    compactScreen: (@Sendable (State) -> [String])? = nil,
    lines: @escaping @Sendable (Action, State) -> [String],
    json: @escaping @Sendable (Action, State) -> [JSONLine]
  ) {
    self.screen = screen
    self.compactScreen = compactScreen
    self.lines = lines
    self.json = json
  }
}
