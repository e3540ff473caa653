extension DashboardFeature {
  /// Device motion above location, compact enough for 80 × 24 with the runner's header.
  static let presentation = Presentation<State, Action>(
    screen: { state in
      ["DEVICE MOTION (\(state.motion.frame.rawValue))"]
        + MotionFeature.rows(for: state.motion).map { "  " + $0 }
        + ["", "LOCATION"] + LocationFeature.summaryRows(for: state.location).map { "  " + $0 }
    },
    compactScreen: { state in
      MotionFeature.compactRows(for: state.motion)
        + LocationFeature.summaryRows(for: state.location)
    },
    lines: { action, state in
      switch action {
      case .motion(let child):
        switch child {
        case .motionUpdate(let m) where state.motion.updateCount % 50 == 1:
          ["motion   " + MotionFeature.line(for: m)]
        case .motionFailed(let message): ["motion   error: \(message)"]
        default: []
        }
      case .location(.locationManager(let event)):
        LocationFeature.line(for: event).map { ["location " + $0] } ?? []
      default: []
      }
    },
    json: { action, state in
      switch action {
      case .motion(let child): MotionFeature.presentation.json(child, state.motion)
      case .location(let child): LocationFeature.presentation.json(child, state.location)
      }
    }
  )
}
