/// What a run shows and where its data comes from, said at the top of every screen, as the
/// first plain line and as the first `--json` object (`{"event":"source",…}`).
struct RunDescription: Sendable, Equatable {
  /// Whether the data is live, replayed, or both (the dashboard can mix).
  enum Kind: String, Sendable, Equatable {
    case live, replay, mixed
  }

  /// The command's title, e.g. "sensors-demo motion".
  var title: String
  /// Where the data comes from, e.g. "replaying the bundled IMU recording at 2×".
  var source: String
  /// Live, replay or mixed.
  var kind: Kind
  /// How to switch source, e.g. "live: --live", or empty.
  var hint = ""
  /// The replay speed (× real time) when not 1, for the JSON source object.
  var speed: Double?
  /// The keys the run reacts to besides q, e.g. ["space: record"].
  var keys: [String] = []

  /// The label on screen: "LIVE", "REPLAY" or "LIVE + REPLAY".
  var badge: String {
    switch kind {
    case .live: "LIVE"
    case .replay: "REPLAY"
    case .mixed: "LIVE + REPLAY"
    }
  }

  /// The first plain line.
  var line: String {
    "\(title): \(badge.lowercased()), "
      + source.split(separator: "\n").joined(separator: " · ") + (hint.isEmpty ? "" : " (\(hint))")
  }

  /// The first JSON object.
  var json: JSONLine {
    var line = JSONLine(event: "source")
    line.add("kind", kind.rawValue)
    line.add("description", source.split(separator: "\n").joined(separator: " · "))
    line.add("speed", speed)
    return line
  }
}
