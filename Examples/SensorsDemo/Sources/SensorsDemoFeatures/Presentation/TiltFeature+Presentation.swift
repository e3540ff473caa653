extension TiltFeature {
  /// The debounced tilt, what the latest update shows, and gravity.
  static let presentation = Presentation<State, Action>(
    screen: { state in
      var rows = [
        // Two rows of at most 72 columns, so 80 columns never wrap them.
        "Tilt detector: frontal beyond ±\(TiltFeature.frontalThreshold) g on gravity z (flat beyond"
          + " ±\(TiltFeature.flatThreshold) g),",
        "lateral beyond ±\(TiltFeature.lateralThreshold) g on gravity x, each debounced 0.25 s", "",
        "tilt       \(state.summary)",
        "frontal    \(state.frontal.rawValue)   (now: \(state.pendingFrontal.rawValue))",
        "lateral    \(state.lateral.rawValue)   (now: \(state.pendingLateral.rawValue))",
        "gravity    \(state.gravity.map(Format.acceleration) ?? "—")",
        "updates    \(state.updateCount)",
      ]
      if let error = state.errorMessage { rows.append("error: \(error)") }
      return rows
    },
    lines: { action, state in
      switch action {
      case .frontalTiltSettled, .lateralTiltSettled: ["tilt: \(state.summary)"]
      case .motionFinished:
        ["updates ended after \(state.updateCount) updates; tilt: \(state.summary)"]
      default: []
      }
    },
    json: { action, state in
      switch action {
      case .frontalTiltSettled, .lateralTiltSettled:
        var line = JSONLine(event: "tilt")
        line.add("frontal", state.frontal.rawValue)
        line.add("lateral", state.lateral.rawValue)
        line.add("orientation", state.summary)
        return [line]
      case .motionFailed(let error): return [.error(error.description)]
      default: return []
      }
    }
  )
}
