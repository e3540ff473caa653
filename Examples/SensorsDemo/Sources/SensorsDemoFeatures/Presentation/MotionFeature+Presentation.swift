import ComposableMotion

extension MotionFeature {
  /// Attitude as roll/pitch/yaw, gravity, user acceleration and heading.
  static let presentation = Presentation<State, Action>(
    screen: { state in
      ["Device motion in \(state.frame.rawValue)", ""] + MotionFeature.rows(for: state)
    },
    lines: { action, state in
      switch action {
      case .motionUpdate(let update): [MotionFeature.line(for: update)]
      default: []
      }
    },
    json: { action, state in
      switch action {
      case .motionUpdate(let update): [MotionFeature.json(for: update)]
      case .motionFailed(let error): [.error(error.description)]
      default: []
      }
    }
  )

  /// The rows describing the latest update, shared with the dashboard.
  static func rows(for state: State) -> [String] {
    guard let m = state.latest else {
      return [state.errorMessage.map { "error: \($0)" } ?? "waiting for the first update…"]
    }
    var rows = [
      "attitude   roll \(Format.degrees(radians: m.attitude.roll))°  pitch \(Format.degrees(radians: m.attitude.pitch))°"
        + "  yaw \(Format.degrees(radians: m.attitude.yaw))°",
      "gravity    \(Format.acceleration(m.gravity))   tilt: \(TiltFeature.describe(frontal: .init(gravityZ: m.gravity.z), lateral: .init(gravityX: m.gravity.x)))",
      "user acc.  \(Format.acceleration(m.userAcceleration))",
      "|user acc| \(Sparkline.labelled(state.recentUserAcceleration, width: 40, decimals: 3, unit: "g"))",
      "rotation   \(Format.vector(m.rotationRate.x, m.rotationRate.y, m.rotationRate.z)) rad/s",
      "heading    \(m.heading.map { Format.fixed($0, 1) + "°" } ?? "— (needs a north-referenced frame)")",
      "updates    \(state.updateCount)",
    ]
    if state.sourceEnded {
      rows.insert("■ END OF REPLAY: the values below are the recording's last", at: 0)
    }
    if let error = state.errorMessage { rows.append("error: \(error)") }
    return rows
  }

  /// Three rows for small screens: attitude, gravity and tilt, user acceleration.
  static func compactRows(for state: State) -> [String] {
    guard let m = state.latest else { return ["motion      waiting for the first update…"] }
    let tilt = TiltFeature.describe(
      frontal: .init(gravityZ: m.gravity.z), lateral: .init(gravityX: m.gravity.x))
    return [
      "attitude    roll \(Format.degrees(radians: m.attitude.roll))°  pitch \(Format.degrees(radians: m.attitude.pitch))°"
        + "  yaw \(Format.degrees(radians: m.attitude.yaw))°",
      "gravity     \(Format.acceleration(m.gravity))  \(tilt)",
      "user acc.   \(Format.acceleration(m.userAcceleration))",
    ]
  }

  /// One plain line for an update.
  static func line(for m: DeviceMotion) -> String {
    "t=\(Format.fixed(m.timestamp, 3)) s  roll \(Format.degrees(radians: m.attitude.roll))°"
      + "  pitch \(Format.degrees(radians: m.attitude.pitch))°  yaw \(Format.degrees(radians: m.attitude.yaw))°"
      + "  gravity \(Format.acceleration(m.gravity))  user \(Format.acceleration(m.userAcceleration))"
      + (m.heading.map { "  heading \(Format.fixed($0, 1))°" } ?? "")
  }

  /// One JSON object for an update: angles in radians, accelerations in g, heading in degrees.
  static func json(for m: DeviceMotion) -> JSONLine {
    var line = JSONLine(event: "motion")
    line.add("timestamp", m.timestamp)
    line.add("roll", m.attitude.roll)
    line.add("pitch", m.attitude.pitch)
    line.add("yaw", m.attitude.yaw)
    let q = m.attitude.quaternion
    line.add("quaternion", [q.w, q.x, q.y, q.z])
    line.add("gravity", [m.gravity.x, m.gravity.y, m.gravity.z])
    line.add(
      "userAcceleration", [m.userAcceleration.x, m.userAcceleration.y, m.userAcceleration.z])
    line.add("rotationRate", [m.rotationRate.x, m.rotationRate.y, m.rotationRate.z])
    line.add("heading", m.heading)
    return line
  }
}
