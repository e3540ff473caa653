import ComposableLocation
import Foundation

extension LocationFeature {
  /// The link, the fix and a satellite table like `cgps`'s.
  static let presentation = Presentation<State, Action>(
    screen: { state in
      LocationFeature.rows(for: state) + [""] + LocationFeature.satelliteTable(state.satellites)
    },
    compactScreen: { state in
      LocationFeature.summaryRows(for: state) + LocationFeature.satelliteTable(state.satellites)
    },
    lines: { action, state in
      guard case .locationManager(let event) = action else { return [] }
      return LocationFeature.line(for: event.accepted(in: state), isReplay: state.isReplay)
        .map { [$0 + LocationFeature.staleness(state, event)] } ?? []
    },
    json: { action, state in
      guard case .locationManager(let event) = action else { return [] }
      // A location object is the fix itself (age 0): every other event says how old it is.
      let lines = LocationFeature.json(for: event.accepted(in: state), isReplay: state.isReplay)
      guard case .locationsUpdated = event else {
        return lines.map {
          var line = $0
          line.add("fixAge", state.fixAge)
          return line
        }
      }
      return lines
    }
  )

  /// How old the shown fix is, when that matters: the link is down, so it is not current.
  static func age(_ state: State) -> String? {
    guard state.isLinkDown, state.location != nil else { return nil }
    return state.fixAge.map { "last fix \(Format.fixed($0, 0)) s ago" }
      ?? "last fix before the link"
  }

  /// A plain line's suffix while the link is down: the age of the fix still shown.
  static func staleness(_ state: State, _ event: LocationEvent) -> String {
    guard case .locationsUpdated = event else { return age(state).map { "; " + $0 } ?? "" }
    return ""
  }

  /// The rows describing the location state.
  static func rows(for state: State) -> [String] {
    var rows = linkRows(state)
    if let l = state.location {
      rows += [
        "fix            \(describe(l.fix))"
          + (age(state).map { "   STALE: \($0)" } ?? "") + "   fixes: \(state.locationCount)",
        "position       \(position(l.coordinate))",
        "altitude       \(Format.measured(l.altitude, 1, "m")) MSL   \(Format.measured(l.ellipsoidalAltitude, 1, "m")) ellipsoid",
        "accuracy       ±\(Format.measured(l.horizontalAccuracy, 1, "m")) horizontal   ±\(Format.measured(l.verticalAccuracy, 1, "m")) vertical",
        "speed          \(Format.measured(l.speed, 2, "m/s"))   course \(Format.measured(l.course, 1, "°"))",
        "time           \(l.timestamp.map(timestamp) ?? "—")",
      ]
    } else {
      rows.append("fix            none yet")
    }
    rows.append("satellites     \(state.satellitesUsed) used of \(state.satellites.count) in view")
    if let error = state.error { rows.append("last error     \(message(for: error))") }
    return rows
  }

  /// Five rows for the dashboard: link, fix, position, accuracy and motion, satellites.
  static func summaryRows(for state: State) -> [String] {
    var rows = linkRows(state, label: "link        ")
    if let l = state.location {
      rows += [
        "fix         \(describe(l.fix))  \(position(l.coordinate))  alt \(Format.measured(l.altitude, 1, "m"))"
          + (age(state).map { "  STALE: \($0)" } ?? ""),
        "accuracy    ±\(Format.measured(l.horizontalAccuracy, 1, "m"))   speed \(Format.measured(l.speed, 2, "m/s"))   course \(Format.measured(l.course, 1, "°"))",
      ]
    } else {
      rows.append("fix         none yet")
    }
    rows.append(
      "satellites  \(state.satellitesUsed) used of \(state.satellites.count) in view   fixes \(state.locationCount)"
    )
    if let heading = state.heading { rows.append(headingRow(heading)) }
    return rows
  }

  /// A heading as `CLHeading` gives it: magnetic, true (— until a fix gives the declination)
  /// and the accuracy (— while not valid).
  static func headingRow(_ heading: Heading) -> String {
    let source = heading.source == .compass ? "compass" : "course"
    let trueHeading = heading.trueHeading < 0 ? "—" : Format.fixed(heading.trueHeading, 1) + "°"
    let accuracy =
      (heading.headingAccuracy ?? -1) < 0
      ? "—" : "±" + Format.measured(heading.headingAccuracy, 0, "°")
    return
      "heading     \(Format.measured(heading.magneticHeading, 1, "°")) magnetic   \(trueHeading) true"
      + "   \(accuracy)   (\(source))"
  }

  /// The link to gpsd (or the replay) and authorization, and what to do when gpsd is away.
  static func linkRows(_ state: State, label: String = "link           ") -> [String] {
    var rows = [
      "\(label)\(state.service.map { describe($0, isReplay: state.isReplay) } ?? "starting")"
        + "   access: \(state.authorization.rawValue)"
    ]
    if state.sourceEnded {
      rows.append("■ END OF REPLAY: the values below are the capture's last")
    }
    if state.service == .unavailable {
      rows.append("gpsd is unreachable: retrying until it answers (start gpsd, or check --gpsd)")
    }
    if let alert = state.alert { rows.append("alert: \(alert)") }
    return rows
  }

  /// The satellites in view, used ones first, strongest first: PRN, elevation, azimuth, signal
  /// and whether the fix uses it, like `cgps`.
  static func satelliteTable(_ satellites: [Satellite]) -> [String] {
    guard !satellites.isEmpty else { return ["no satellites reported yet"] }
    let sorted = satellites.sorted {
      ($0.used ? 1 : 0, $0.signalStrength ?? -1, -$0.prn)
        > ($1.used ? 1 : 0, $1.signalStrength ?? -1, -$1.prn)
    }
    func pad(_ text: String, _ width: Int) -> String {
      String(repeating: " ", count: max(0, width - text.count)) + text
    }
    return ["  PRN   elev   azim  signal  used"]
      + sorted.map { s in
        pad(String(s.prn), 5) + pad(s.elevation.map { Format.fixed($0, 0) + "°" } ?? "—", 7)
          + pad(s.azimuth.map { Format.fixed($0, 0) + "°" } ?? "—", 7)
          + pad(s.signalStrength.map { Format.fixed($0, 0) + " dB" } ?? "—", 8)
          + pad(s.used ? "Y" : "N", 6)
      }
  }

  /// An error in the demo's words. gpsd being unreachable is said once, without advice about
  /// `GPSD_HOST` (the header already says which gpsd this run uses, from `--live` or `--gpsd`),
  /// and as what it is here: a pause while the client reconnects. Other errors keep the
  /// library's description, which already says what to do.
  static func message(for error: LocationError) -> String {
    guard case .serviceUnavailable(let address, let cause) = error else {
      return error.description
    }
    let reason =
      switch cause {
      case .refused: "nothing listens there (connection refused); is gpsd running?"
      case .timedOut: "connecting timed out; is the host reachable?"
      case .accessDenied: "the system denied access to the socket (EACCES)."
      default: cause.description + "."
      }
    return "gpsd at \(address) cannot be reached: \(reason) Still retrying."
  }

  /// One plain line for an event, or `nil` for events not worth a line.
  static func line(for event: LocationEvent, isReplay: Bool = false) -> String? {
    switch event {
    case .authorizationChanged(let status): "authorization: \(status.rawValue)"
    case .locationsUpdated(let locations):
      locations.last.map { l in
        "fix \(describe(l.fix))  \(position(l.coordinate))  alt \(Format.measured(l.altitude, 1, "m"))"
          + "  ±\(Format.measured(l.horizontalAccuracy, 1, "m"))  speed \(Format.measured(l.speed, 2, "m/s"))"
          + "  course \(Format.measured(l.course, 1, "°"))"
      }
    case .satellitesUpdated(let s):
      "satellites: \(s.filter(\.used).count) used of \(s.count) in view"
    case .serviceStateChanged(let service): "link: \(describe(service, isReplay: isReplay))"
    case .failed(let error): "error: \(message(for: error))"
    default: nil
    }
  }

  /// The JSON objects for an event: `location` (one per fix), `authorization`, `satellites`,
  /// `service` and `error`. Degrees, metres, metres per second; absent values are omitted.
  static func json(for event: LocationEvent, isReplay: Bool = false) -> [JSONLine] {
    switch event {
    case .authorizationChanged(let status):
      var line = JSONLine(event: "authorization")
      line.add("status", status.rawValue)
      return [line]
    case .locationsUpdated(let locations):
      return locations.map(json(for:))
    case .satellitesUpdated(let satellites):
      var line = JSONLine(event: "satellites")
      line.add("visible", satellites.count)
      line.add("used", satellites.filter(\.used).count)
      return [line]
    case .serviceStateChanged(let service):
      var line = JSONLine(event: "service")
      line.add("state", describe(service, isReplay: isReplay))
      return [line]
    case .failed(let error):
      return [.error(message(for: error))]
    default:
      return []
    }
  }

  /// One `location` object.
  static func json(for l: Location) -> JSONLine {
    var line = JSONLine(event: "location")
    line.add("latitude", l.coordinate.latitude)
    line.add("longitude", l.coordinate.longitude)
    line.add("altitude", l.altitude)
    line.add("ellipsoidalAltitude", l.ellipsoidalAltitude)
    line.add("horizontalAccuracy", l.horizontalAccuracy)
    line.add("verticalAccuracy", l.verticalAccuracy)
    line.add("speed", l.speed)
    line.add("course", l.course)
    line.add("fix", l.fix.rawValue)
    line.add("timestamp", l.timestamp.map(timestamp))
    return line
  }

  static func position(_ c: Coordinate) -> String {
    Format.coordinate(c.latitude, positive: "N", negative: "S") + "  "
      + Format.coordinate(c.longitude, positive: "E", negative: "W")
  }

  static func describe(_ fix: FixKind) -> String {
    switch fix {
    case .none: "none"
    case .twoDimensional: "2D"
    case .threeDimensional: "3D"
    case .dgps: "3D DGPS"
    case .rtkFixed: "RTK fixed"
    case .rtkFloat: "RTK float"
    case .deadReckoning: "dead reckoning"
    case .gnssDeadReckoning: "GNSS + dead reckoning"
    case .surveyed: "surveyed"
    case .simulated: "simulated"
    }
  }

  /// The link in words; a replay says it plays a recording, not a live gpsd and device.
  static func describe(_ service: ServiceState, isReplay: Bool = false) -> String {
    switch (service, isReplay) {
    case (.connecting, false): "connecting"
    case (.connecting, true): "opening the capture"
    case (.connected(let release), false): "connected" + (release.map { " (gpsd \($0))" } ?? "")
    case (.connected(let release), true):
      "replaying a capture of " + (release.map { "gpsd \($0)" } ?? "gpsd")
    case (.reconnecting(let attempt), _): "reconnecting (attempt \(attempt))"
    case (.deviceActivated(let device), false): "device \(device) activated"
    case (.deviceActivated(let device), true): "recorded device \(device)"
    case (.deviceLost(let device), false): "device \(device ?? "?") lost"
    case (.deviceLost(let device), true): "recorded device \(device ?? "?") lost"
    case (.source(.gpsd(let address)), _): "reading gpsd at \(address)"
    case (.source(.geoClue(let bus)), _): "reading GeoClue on \(bus)"
    case (.unavailable, _): "location service unreachable, retrying"
    case (.ended, false): "ended"
    case (.ended, true): "end of replay"
    }
  }

  /// ISO 8601 in UTC with milliseconds, e.g. `2024-01-01T00:00:00.000Z`.
  static func timestamp(_ time: Timestamp) -> String {
    time.description
  }
}

extension LocationEvent {
  /// The event as the feature took it: a `locationsUpdated` cut to the fixes within the limit.
  fileprivate func accepted(in state: LocationFeature.State) -> LocationEvent {
    guard case .locationsUpdated(let locations) = self else { return self }
    return .locationsUpdated(Array(locations.prefix(state.acceptedFromLastUpdate)))
  }
}
