/// A command line that cannot be run: an unknown command or option, a missing or bad value.
/// `sensors-demo` prints ``message`` on one line and exits with status 2.
struct UsageError: Error, Equatable, Sendable, CustomStringConvertible {
  /// What is wrong and where to look, in one line.
  var message: String

  /// Creates an error with its one-line message.
  init(_ message: String) {
    self.message = message
  }

  var description: String { message }
}
