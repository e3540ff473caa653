extension DashboardFeature {
  /// Device motion above location, compact enough for 80 × 24 with the runner's header.
  static let presentation = Presentation<State, Action>(
    screen: { state in
      ["DEVICE MOTION (\(state.motion.frame.rawValue))"]
        + MotionFeature.rows(for: state.motion).map { "  " + $0 }
        + (state.location.map {
          ["", "LOCATION"] + LocationFeature.summaryRows(for: $0).map { "  " + $0 }
        } ?? [])
    },
    compactScreen: { state in
      MotionFeature.compactRows(for: state.motion)
        + (state.location.map(LocationFeature.summaryRows(for:)) ?? [])
    },
    lines: { action, state in
      switch action {
      case .motion(let child):
        switch child {
        case .motionUpdate(let m) where state.motion.updateCount % 50 == 1:
          ["motion   " + MotionFeature.line(for: m)]
        case .motionFailed(let error): ["motion   error: \(error.description)"]
        default: []
        }
      case .location(.locationManager(let event)):
        LocationFeature.line(for: event, isReplay: state.locationIsReplay)
          .map { ["location " + $0] } ?? []
      default: []
      }
    },
    json: { action, state in
      switch action {
      case .motion(let child): MotionFeature.presentation.json(child, state.motion)
      case .location(let child):
        state.location.map { LocationFeature.presentation.json(child, $0) } ?? []
      case .locationShown, .locationHidden: []
      }
    }
  )
}
