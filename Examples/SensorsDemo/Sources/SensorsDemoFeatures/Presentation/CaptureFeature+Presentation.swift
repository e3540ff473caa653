extension CaptureFeature {
  /// Each sensor's count and latest sample, then the location summary. With `--json` every
  /// sample is an object in the raw-sensor commands' form
  /// (`{"event":"accelerometer","x":…,"y":…,"z":…,"timestamp":…}`), so a capture's output and
  /// its replay's (`sensors-demo accelerometer --replay imu.csv --json`) can be compared.
  static let presentation = Presentation<State, Action>(
    screen: { state in
      var rows = ["CAPTURE (raw sensors in Core Motion units)"]
      for sensor in state.sensors {
        let count = state.counts[sensor, default: 0]
        let latest =
          state.latest[sensor].map {
            "\(Format.signed($0.x, 4)) \(Format.signed($0.y, 4)) \(Format.signed($0.z, 4)) "
              + sensor.unit
          } ?? "waiting for the first sample…"
        rows.append("  \(pad(sensor.rawValue, 14)) \(pad("\(count)", 8)) \(latest)")
      }
      if let error = state.motionError { rows.append("  error: \(error)") }
      if state.capturesLocation {
        rows +=
          ["", "LOCATION"] + LocationFeature.summaryRows(for: state.location).map { "  " + $0 }
      }
      return rows
    },
    lines: { action, state in
      switch action {
      case .sample where state.sampleCount % 500 == 1:
        ["motion   \(state.sampleCount) samples"]
      case .sensorFailed(let sensor, let message): ["motion   \(sensor.rawValue) error: \(message)"]
      case .location(.locationManager(let event)):
        LocationFeature.line(for: event).map { ["location " + $0] } ?? []
      default: []
      }
    },
    json: { action, state in
      switch action {
      case .sample(let sensor, let s):
        var line = JSONLine(event: sensor.rawValue)
        line.add("x", s.x)
        line.add("y", s.y)
        line.add("z", s.z)
        line.add("timestamp", s.timestamp)
        return [line]
      case .sensorFailed(_, let error): return [.error(error.description)]
      case .location(let child): return LocationFeature.presentation.json(child, state.location)
      default: return []
      }
    }
  )

  private static func pad(_ text: String, _ width: Int) -> String {
    text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
  }
}
