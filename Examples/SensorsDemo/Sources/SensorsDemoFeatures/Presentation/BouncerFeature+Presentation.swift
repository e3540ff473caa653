extension BouncerFeature {
  /// The arena with the block, and the numbers behind it.
  static let presentation = Presentation<State, Action>(
    screen: { state in
      [
        "Bouncer: the block falls where gravity pulls",
        "",
      ]
        + BouncerFeature.arena(state)
        + [
          "\(state.acceleration.map(Format.acceleration) ?? "—")  bounces \(state.bounces)"
            + "  samples \(state.updateCount)"
        ]
        + (state.errorMessage.map { ["error: \($0)"] } ?? [])
    },
    lines: { action, state in
      switch action {
      case .accelerometer:
        // Ten lines a second at 50 Hz; `--json` has every sample, and so has a run with
        // `--count`, which counts the lines it prints.
        state.limit != nil || state.updateCount % 5 == 0
          ? [
            "x \(Format.fixed(state.position.x, 2))  y \(Format.fixed(state.position.y, 2))  bounces \(state.bounces)"
          ]
          : []
      case .accelerometerFinished:
        ["updates ended after \(state.updateCount) samples, \(state.bounces) bounces"]
      default: []
      }
    },
    json: { action, state in
      switch action {
      case .accelerometer:
        var line = JSONLine(event: "bouncer")
        line.add("x", state.position.x)
        line.add("y", state.position.y)
        line.add("vx", state.velocity.x)
        line.add("vy", state.velocity.y)
        line.add("bounces", state.bounces)
        return [line]
      case .accelerometerFailed(let error): return [.error(error.description)]
      default: return []
      }
    }
  )

  /// The arena as rows of characters with a frame and the block (`██`).
  static func arena(_ state: State) -> [String] {
    let columns = max(1, Int(state.width))
    let rows = max(1, Int(state.height))
    let column = min(max(Int(state.position.x.rounded(.down)), 0), columns - 1)
    let row = min(max(Int(state.position.y.rounded(.down)), 0), rows - 1)
    var lines = ["┌" + String(repeating: "──", count: columns) + "┐"]
    for r in 0..<rows {
      var cells = Array(repeating: "  ", count: columns)
      if r == row { cells[column] = "██" }
      lines.append("│" + cells.joined() + "│")
    }
    lines.append("└" + String(repeating: "──", count: columns) + "┘")
    return lines
  }
}
