/// How a feature shows itself in each output mode: a full screen on a terminal, plain lines
/// when piped, one JSON object per event with `--json`.
///
/// `lines` and `json` are called once per action, after the reducer ran, so every event is
/// written exactly once and in order; `screen` is called for the newest state when a frame is due.
struct Presentation<State, Action>: Sendable {
  /// The full-screen view of a state, one string per terminal row.
  var screen: @Sendable (State) -> [String]
  /// The plain lines an action produced (often none), given the state after it.
  var lines: @Sendable (Action, State) -> [String]
  /// The JSON objects an action produced (often none), given the state after it.
  var json: @Sendable (Action, State) -> [JSONLine]

  /// Creates a presentation from its three renderings.
  init(
    screen: @escaping @Sendable (State) -> [String],
    lines: @escaping @Sendable (Action, State) -> [String],
    json: @escaping @Sendable (Action, State) -> [JSONLine]
  ) {
    self.screen = screen
    self.lines = lines
    self.json = json
  }
}
