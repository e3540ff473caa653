import SensorsCore

/// Why a replay capture cannot be read (carried by
/// ``LocationError/replayUnreadable(path:problem:)``).
public enum ReplayProblem: Hashable, Sendable, CustomStringConvertible {
  /// Opening the file failed with system error `errno` (`ENOENT`: no such file; `EACCES`,
  /// `EPERM`: its permissions; `EISDIR`: a directory).
  case cannotOpen(errno: Int32)
  /// Reading the open file failed with system error `errno`.
  case cannotRead(errno: Int32)
  /// Line `line` (1-based) is longer than `limit` bytes: not a capture of gpsd's JSON lines (a
  /// binary file, or an endless source such as `/dev/zero`).
  case lineTooLong(line: Int, limit: Int)

  /// What is wrong and what to do about it, for a person.
  public var description: String {
    switch self {
    case .cannotOpen(let code):
      FileContents.explain(errno: code, operation: "open")
    case .cannotRead(let code):
      FileContents.explain(errno: code, operation: "read")
    case .lineTooLong(let line, let limit):
      "line \(line) is longer than \(limit) bytes: not a capture of gpsd's JSON lines (a binary "
        + "file, or an endless source such as /dev/zero)"
    }
  }
}
