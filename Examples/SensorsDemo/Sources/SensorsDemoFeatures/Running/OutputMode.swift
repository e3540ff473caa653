/// How a command shows its feature.
enum OutputMode: Sendable, Equatable {
  /// A full-screen view redrawn in place (standard output is a terminal).
  case screen
  /// Plain lines, for pipes and files.
  case lines
  /// One JSON object per line per event (`--json`).
  case json

  /// `.json` when asked for, else `.screen` on a terminal and `.lines` otherwise.
  static func choose(json: Bool, isTerminal: Bool = TerminalScreen.isOutputTerminal)
    -> OutputMode
  {
    json ? .json : isTerminal ? .screen : .lines
  }
}
