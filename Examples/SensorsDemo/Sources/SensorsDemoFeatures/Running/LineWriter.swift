/// Writes a run's plain lines or JSON objects from the journal entries of the states the
/// runner observes: each entry once, in order, and none after the first finished state.
struct LineWriter<State: Sendable, Action: Sendable> {
  let presentation: Presentation<State, Action>
  let mode: OutputMode
  let output: OutputWriter
  private var written = 0
  private var finished = false

  init(presentation: Presentation<State, Action>, mode: OutputMode, output: OutputWriter) {
    self.presentation = presentation
    self.mode = mode
    self.output = output
  }

  /// Writes where the data comes from; returns `false` once nobody reads.
  func writeSource(_ description: RunDescription) -> Bool {
    switch mode {
    case .screen: true
    case .lines: output.write(lines: [description.line])
    case .json: output.write(lines: [description.json.description])
    }
  }

  /// Writes the entries of `state` not written yet; returns `false` once nobody reads.
  mutating func write(
    _ state: Journaled<State, Action>, isFinished: (State) -> Bool
  ) -> Bool {
    guard mode != .screen, !finished else { return !output.isClosed }
    var lines: [String] = []
    // Entries before the first one held are gone: say so, on the first write too (a store that
    // handled more than a journal's worth of actions before the writer first looked).
    if let first = state.entries.first, first.sequence > written + 1 {
      let missed = first.sequence - written - 1
      lines.append(
        mode == .json
          ? #"{"event":"skipped","count":\#(missed)}"#
          : "(\(missed) event\(missed == 1 ? "" : "s") skipped: output too slow)")
    }
    for entry in state.entries where entry.sequence > written {
      switch mode {
      case .screen: break
      case .lines: lines += presentation.lines(entry.action, entry.state)
      case .json: lines += presentation.json(entry.action, entry.state).map(\.description)
      }
      written = entry.sequence
      if isFinished(entry.state) {
        finished = true
        break
      }
    }
    return output.write(lines: lines)
  }

  /// Writes how the run ended: a last line, or `{"event":"end","reason":…}`.
  func writeEnd(ending: RunEnding, failure: String?, ended: String?) {
    let reason: String
    switch ending {
    case .finished: reason = failure == nil ? "finished" : "failed"
    case .timeUp: reason = "time limit"
    case .quit: reason = "quit"
    case .outputClosed: return
    case .signal: reason = "signal"
    }
    switch mode {
    case .screen: return
    case .lines:
      if ending == .finished, failure == nil, let ended { output.write(lines: [ended]) }
      if ending == .timeUp { output.write(lines: ["time limit reached"]) }
    case .json:
      var line = JSONLine(event: "end")
      line.add("reason", reason)
      line.add("message", failure ?? (ending == .finished ? ended : nil))
      output.write(lines: [line.description])
    }
  }
}
