/// Why a command's data source cannot be opened; each message says what was looked for and
/// what to do.
public enum SourceError: Error, Equatable, Sendable, CustomStringConvertible {
  /// A bundled resource is missing from the build.
  case missingResource(String)
  /// A recording cannot be parsed.
  case badRecording(path: String, reason: String)
  /// A file cannot be read.
  case unreadable(path: String)
  /// No IIO sensor of the needed kind was found.
  case noSensor(String)
  /// The live backend is not part of this build.
  case liveUnavailable(String)

  public var description: String {
    switch self {
    case .missingResource(let name):
      "the bundled recording \(name) is missing from this build; rebuild with `swift build` from the package root"
    case .badRecording(let path, let reason): "cannot replay \(path): \(reason)"
    case .unreadable(let path): "cannot read \(path): check the path and its permissions"
    case .noSensor(let message): message
    case .liveUnavailable(let message): message
    }
  }
}
