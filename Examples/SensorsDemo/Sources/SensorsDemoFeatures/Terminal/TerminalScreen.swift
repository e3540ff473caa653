#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The terminal as a full-screen view: the alternate screen, no cursor, keys read one at a
/// time without echo, and every frame redrawn in place with ANSI escape sequences.
///
/// ``enter()`` saves the terminal's settings and ``restore()`` puts them back; restoring twice
/// is harmless, so a signal handler and the normal exit path can both call it.
final class TerminalScreen: Sendable {
  /// The standard input and output descriptors the screen uses.
  let input: Int32
  /// The descriptor frames are written to.
  let output: Int32
  private let saved = SavedTermios()
  private let writer: OutputWriter

  /// Creates a screen on standard input and output.
  init(input: Int32 = STDIN_FILENO, output: Int32 = STDOUT_FILENO) {
    self.input = input
    self.output = output
    self.writer = OutputWriter(descriptor: output)
  }

  /// Whether standard output is a terminal (as opposed to a pipe or a file).
  static var isOutputTerminal: Bool { isatty(STDOUT_FILENO) == 1 }

  /// Switches to the alternate screen, hides the cursor and turns off line buffering and echo
  /// on input (signals such as Ctrl-C keep working, so the program can restore and exit).
  func enter() {
    if isatty(input) == 1 {
      var settings = termios()
      if tcgetattr(input, &settings) == 0 {
        saved.store(settings)
        var raw = settings
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO)
        // VMIN 1 / VTIME 0: a read returns as soon as one key is pressed.
        withUnsafeMutableBytes(of: &raw.c_cc) { cc in
          cc[Int(VMIN)] = 1
          cc[Int(VTIME)] = 0
        }
        tcsetattr(input, TCSANOW, &raw)
      }
    }
    write("\u{1B}[?1049h\u{1B}[?25l\u{1B}[H\u{1B}[2J")
  }

  /// The terminal's size in columns and rows, or 80 × 24 when it cannot be asked.
  var size: (columns: Int, rows: Int) {
    var size = winsize()
    let status = withUnsafeMutablePointer(to: &size) { ioctl(output, UInt(TIOCGWINSZ), $0) }
    guard status == 0, size.ws_col > 0, size.ws_row > 0 else { return (80, 24) }
    return (Int(size.ws_col), Int(size.ws_row))
  }

  /// Draws `lines` from the top-left corner, clearing what the previous frame left behind.
  /// No line end follows the last line, so a frame as tall as the screen never scrolls it.
  func draw(_ lines: [String]) {
    let frame =
      "\u{1B}[H" + lines.map { $0 + "\u{1B}[K" }.joined(separator: "\r\n") + "\u{1B}[J"
    write(frame)
  }

  /// Shows the cursor, leaves the alternate screen and restores the saved input settings.
  func restore() {
    write("\u{1B}[?25h\u{1B}[?1049l")
    if var settings = saved.take() {
      tcsetattr(input, TCSANOW, &settings)
    }
  }

  private func write(_ text: String) {
    writer.write(text)
  }
}
