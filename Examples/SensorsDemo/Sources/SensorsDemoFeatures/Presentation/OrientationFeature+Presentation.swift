extension OrientationFeature {
  /// The orientation, as a screen, a line per change, or `{"event":"orientation",…}`.
  static let presentation = Presentation<State, Action>(
    screen: { state in
      var rows = [
        "Screen orientation from iio-sensor-proxy", "",
        "orientation  \(state.orientation?.rawValue ?? "— (waiting for the first reading)")",
        "updates      \(state.updateCount)",
      ]
      if let error = state.errorMessage { rows.append("error: \(error)") }
      return rows
    },
    lines: { action, _ in
      switch action {
      case .orientationChanged(let orientation) where orientation != .undefined:
        ["orientation: \(orientation.rawValue)"]
      default: []
      }
    },
    json: { action, _ in
      switch action {
      case .orientationChanged(let orientation) where orientation != .undefined:
        var line = JSONLine(event: "orientation")
        line.add("orientation", orientation.rawValue)
        return [line]
      case .failed(let message): return [.error(message)]
      default: return []
      }
    }
  )
}
