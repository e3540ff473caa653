extension SensorFeature {
  /// The latest sample, its magnitude's recent history, and the count.
  static let presentation = Presentation<State, Action>(
    screen: { state in
      var rows = ["Raw \(state.sensor.rawValue) samples (\(state.sensor.unit))", ""]
      if let s = state.latest {
        rows += [
          "x          \(Format.signed(s.x, 4))",
          "y          \(Format.signed(s.y, 4))",
          "z          \(Format.signed(s.z, 4))",
          "|v|        \(Format.fixed((s.x * s.x + s.y * s.y + s.z * s.z).squareRoot(), 4)) \(state.sensor.unit)",
          "|v| last   \(Sparkline.render(state.recentMagnitudes, width: 40))",
          "scale      \(Sparkline.scale(state.recentMagnitudes, width: 40, decimals: 4, unit: state.sensor.unit))",
          "timestamp  \(Format.fixed(s.timestamp, 3)) s",
        ]
      } else {
        rows.append("waiting for the first sample…")
      }
      rows.append("samples    \(state.sampleCount)")
      if let error = state.errorMessage { rows.append("error: \(error)") }
      return rows
    },
    lines: { action, state in
      switch action {
      case .sample(let s):
        [
          "t=\(Format.fixed(s.timestamp, 3)) s  x \(Format.signed(s.x, 4))  y \(Format.signed(s.y, 4))"
            + "  z \(Format.signed(s.z, 4)) \(state.sensor.unit)"
        ]
      default: []
      }
    },
    json: { action, state in
      switch action {
      case .sample(let s):
        var line = JSONLine(event: state.sensor.rawValue)
        line.add("x", s.x)
        line.add("y", s.y)
        line.add("z", s.z)
        line.add("timestamp", s.timestamp)
        return [line]
      case .failed(let error): return [.error(error.description)]
      default: return []
      }
    }
  )
}
