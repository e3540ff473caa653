extension DashboardFeature {
  /// Device motion and location, one above the other, under a banner saying where the data
  /// comes from.
  public static let presentation = Presentation<State, Action>(
    screen: { state in
      var rows = ["sensors-demo — \(state.source)", ""]
      rows += ["DEVICE MOTION"] + MotionFeature.rows(for: state.motion).map { "  " + $0 }
      rows.append("  tilt       \(state.tilt)")
      rows += ["", "LOCATION"] + LocationFeature.rows(for: state.location).map { "  " + $0 }
      rows += ["", "q: quit   sensors-demo --help: every command"]
      return rows
    },
    lines: { action, state in
      switch action {
      case .start: ["sensors-demo — \(state.source)"]
      case .motion(let child):
        switch child {
        case .motionUpdate(let m) where state.motion.updateCount % 50 == 1:
          ["motion   " + MotionFeature.line(for: m) + "  tilt \(state.tilt)"]
        case .motionFailed(let message): ["motion   error: \(message)"]
        default: []
        }
      case .location(.locationManager(let event)):
        LocationFeature.line(for: event).map { ["location " + $0] } ?? []
      case .timeUp: ["time limit reached"]
      default: []
      }
    },
    json: { action, state in
      switch action {
      case .motion(let child): MotionFeature.presentation.json(child, state.motion)
      case .location(let child): LocationFeature.presentation.json(child, state.location)
      default: []
      }
    }
  )
}
