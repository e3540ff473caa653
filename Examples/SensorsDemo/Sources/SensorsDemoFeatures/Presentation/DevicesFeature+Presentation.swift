import LinuxIIO

extension DevicesFeature {
  /// One block per device: name, node, modes, then one row per channel.
  static let presentation = Presentation<State, Action>(
    screen: { state in
      (state.devices.map { $0.flatMap(DevicesFeature.rows(for:)) } ?? [])
        + (state.problem.map {
          [DevicesFeature.message(state, $0), ""] + DevicesFeature.hints(state)
        } ?? [])
    },
    lines: { action, state in
      switch action {
      case .loaded(let devices): devices.flatMap(DevicesFeature.rows(for:))
      case .failed(let problem):
        [DevicesFeature.message(state, problem)] + DevicesFeature.hints(state)
      case .load: []
      }
    },
    json: { action, state in
      switch action {
      case .loaded(let devices): devices.flatMap(DevicesFeature.json(for:))
      case .failed(let problem): [.error(DevicesFeature.message(state, problem))]
      case .load: []
      }
    }
  )

  /// The problem in words for the root `state` searched.
  static func message(_ state: State, _ problem: Problem) -> String {
    message(for: problem, root: state.root)
  }

  /// The umockdev hint, for the kernel's root only: a user who named a root has a tree already.
  static func hints(_ state: State) -> [String] {
    state.isDefaultRoot ? tryWithoutHardware : []
  }

  /// How to see a device without hardware: the bundled recording, or the live code on it under
  /// umockdev (from the package's directory: the binary is where `swift build` puts it).
  static let tryWithoutHardware = [
    "To see a recorded device, drop --live: `sensors-demo devices` lists the bundled ADIS16480.",
    "To run the live code on it, fake the kernel's sysfs with umockdev (from the package's",
    "directory):",
    "  umockdev-run -d Sources/SensorsSampleData/Resources/pyadi-adis16480.umockdev \\",
    "    -- \"$(swift build --show-bin-path)/sensors-demo\" devices --live",
  ]

  /// The reading modes a device supports.
  static func modes(_ device: IIODevice) -> [String] {
    var modes: [String] = []
    if device.channels.contains(where: \.isPollable) { modes.append("poll") }
    if device.buffer != nil, device.channels.contains(where: { $0.scanElement != nil }) {
      modes.append("buffered")
    }
    return modes
  }

  static func rows(for device: IIODevice) -> [String] {
    var rows = [
      "\(device.id)  \(device.name)" + (device.label.map { " (\($0))" } ?? "")
        + "  node \(device.deviceNode)  modes: \(modes(device).joined(separator: ", ").nonEmpty ?? "none")"
        + (device.samplingFrequency.map { "  \(Format.fixed($0, 1)) Hz" } ?? "")
    ]
    for channel in device.channels where channel.type != .timestamp {
      var row = "  \(channel.id.rawValue)  \(channel.type.unit)"
      row += "  scale \(channel.scale.map { "\($0)" } ?? "1")"
      if let offset = channel.offset { row += "  offset \(offset)" }
      if let element = channel.scanElement { row += "  scan \(element.type)" }
      if let matrix = channel.mountMatrix, !matrix.isIdentity { row += "  mount [\(matrix)]" }
      rows.append(row)
    }
    return rows
  }

  static func json(for device: IIODevice) -> [JSONLine] {
    var head = JSONLine(event: "device")
    head.add("id", device.id)
    head.add("name", device.name)
    head.add("label", device.label)
    head.add("node", device.deviceNode)
    head.add("modes", modes(device).joined(separator: ","))
    head.add("samplingFrequency", device.samplingFrequency)
    var lines = [head]
    for channel in device.channels {
      var line = JSONLine(event: "channel")
      line.add("device", device.id)
      line.add("channel", channel.id.rawValue)
      line.add("type", channel.type.rawValue)
      line.add("unit", channel.type.unit)
      line.add("scale", channel.scale)
      line.add("offset", channel.offset)
      line.add("scanType", channel.scanElement.map { "\($0.type)" })
      if let matrix = channel.mountMatrix { line.add("mountMatrix", matrix.rows.flatMap { $0 }) }
      lines.append(line)
    }
    return lines
  }
}

extension String {
  fileprivate var nonEmpty: String? { isEmpty ? nil : self }
}
