extension RecordingFeature {
  /// The recording state, the number of values and a sparkline of them.
  static let presentation = Presentation<State, Action>(
    screen: { state in
      var rows = [
        "Recording gravity · userAcceleration (g²)", "",
        "state    \(state.isRecording ? "● recording" : "○ stopped")   (space: start/stop)",
        "values   \(state.zs.count)",
        "latest   \(Format.signed(state.zs.last, 4)) g²",
        "last 40  \(Sparkline.render(state.zs, width: 40))",
        "scale    \(Sparkline.scale(state.zs, width: 40, decimals: 4, unit: "g² (lowest … highest bar)"))",
      ]
      if let error = state.errorMessage { rows.append("error: \(error)") }
      return rows
    },
    lines: { action, state in
      switch action {
      case .recordingButtonTapped:
        [state.isRecording ? "recording started" : "recording stopped (\(state.zs.count) values)"]
      case .motionUpdate:
        // One line per 25 values keeps a piped run readable; `--json` has every value, and so
        // has a run with `--count`, which counts the lines it prints.
        state.limit != nil || state.zs.count % 25 == 0 || state.isFinished
          ? [
            "\(state.zs.count) values, latest \(Format.signed(state.zs.last, 4)) g²  \(Sparkline.labelled(state.zs, width: 25, decimals: 4, unit: "g²"))"
          ]
          : []
      case .motionFinished: ["updates ended (\(state.zs.count) values)"]
      case .motionFailed: []
      }
    },
    json: { action, state in
      switch action {
      case .motionUpdate:
        guard let z = state.zs.last, state.zs.count > 0 else { return [] }
        var line = JSONLine(event: "record")
        line.add("count", state.zs.count)
        line.add("z", z)
        return [line]
      case .recordingButtonTapped:
        var line = JSONLine(event: "recording")
        line.add("isRecording", state.isRecording)
        return [line]
      case .motionFailed(let error): return [.error(error.description)]
      case .motionFinished: return []
      }
    }
  )
}
