/// A command line that cannot be run: an unknown command or option, a missing or bad value.
/// `sensors-demo` prints ``message`` on one line and exits with status 2.
public struct UsageError: Error, Equatable, Sendable, CustomStringConvertible {
  /// What is wrong and where to look, in one line.
  public var message: String

  /// Creates an error with its one-line message.
  public init(_ message: String) {
    self.message = message
  }

  public var description: String { message }
}
