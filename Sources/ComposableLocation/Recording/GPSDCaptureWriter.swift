import GPSD
import SensorsCore
import Synchronization

/// Writes what gpsd sends to a file in `gpspipe -w` form (JSON Lines: one report per line, each
/// exactly as gpsd sent it), the format
/// ``LocationClient/replay(contentsOf:configuration:clock:maximumGap:)`` plays back.
///
/// Pass it to ``LocationClient/live(configuration:clock:capture:)`` and the live client records
/// every line its gpsd connection receives, through a fixed-size buffer (memory does not grow
/// with the capture):
///
/// ```swift
/// let capture = try GPSDCaptureWriter(path: "gpsd.jsonl")
/// let location = LocationClient.live(capture: capture)
/// // … run the app with `location` …
/// try capture.close()
/// ```
///
/// A client may hold several connections at once (one per manager, plus a short one for an
/// authorization request): the capture follows one at a time, the first to send a line, until
/// it closes, so no report is written twice; a later connection's lines (from its VERSION on)
/// follow. A file error stops the capture without disturbing the client; ``close()`` throws it.
public final class GPSDCaptureWriter: Sendable {
  private enum State {
    case open(sink: FileSink, lines: Int, following: Int?)
    case failed(GPSDCaptureError, lines: Int)
    case closed(lines: Int)
  }

  /// The path written, as given (for messages).
  public let path: String
  private let state: Mutex<State>
  private let connections = Atomic<Int>(0)

  /// Creates (or truncates) the capture at `path`.
  public convenience init(path: String) throws(GPSDCaptureError) {
    let sink: FileSink
    do {
      sink = try FileSink(path: path)
    } catch {
      throw .fileError(path: path, operation: error.operation, errno: error.errno)
    }
    self.init(sink: sink, path: path)
  }

  /// Writes to standard output, which ``close()`` flushes but leaves open.
  public static func standardOutput() -> GPSDCaptureWriter {
    GPSDCaptureWriter(sink: FileSink(fileDescriptor: 1), path: "standard output")
  }

  private init(sink: sending FileSink, path: String) {
    self.path = path
    self.state = Mutex(.open(sink: sink, lines: 0, following: nil))
  }

  /// The lines written so far (buffered ones included).
  public var lineCount: Int {
    state.withLock { state in
      switch state {
      case .open(_, let lines, _), .failed(_, let lines), .closed(let lines): lines
      }
    }
  }

  /// Appends one line (without its line end); the writer adds the `\n` gpspipe writes.
  public func write(line: some Collection<UInt8>) throws(GPSDCaptureError) {
    try append(Array(line), from: nil)
  }

  /// Writes the buffered lines to the file.
  public func flush() throws(GPSDCaptureError) {
    try state.withLock { state throws(GPSDCaptureError) in
      switch state {
      case .failed(let error, _): throw error
      case .closed: throw .closed(path: path)
      case .open(let sink, let lines, _):
        do throws(FileSink.Failure) {
          try sink.flush()
        } catch {
          let failure = GPSDCaptureError.fileError(
            path: path, operation: error.operation, errno: error.errno)
          state = .failed(failure, lines: lines)
          throw failure
        }
      }
    }
  }

  /// Writes the buffered lines and closes the file; throws the first file error of the capture,
  /// if any. Lines arriving afterwards are ignored; closing twice does nothing.
  public func close() throws(GPSDCaptureError) {
    try state.withLock { state throws(GPSDCaptureError) in
      switch state {
      case .closed: return
      case .failed(let error, let lines):
        state = .closed(lines: lines)
        throw error
      case .open(let sink, let lines, _):
        state = .closed(lines: lines)
        do throws(FileSink.Failure) {
          try sink.close()
        } catch {
          throw .fileError(path: path, operation: error.operation, errno: error.errno)
        }
      }
    }
  }

  /// A token for a connection about to deliver lines.
  func connectionOpened() -> Int {
    connections.add(1, ordering: .relaxed).newValue
  }

  /// Lets the next connection's lines be followed once `connection` closed.
  func connectionClosed(_ connection: Int) {
    state.withLock { state in
      if case .open(let sink, let lines, connection) = state {
        state = .open(sink: sink, lines: lines, following: nil)
      }
    }
  }

  /// Records a line `connection` received, if the capture follows that connection (or none yet).
  /// Runs on the connection's socket thread; file errors are kept for ``close()``.
  func record(_ line: UnsafeRawBufferPointer, from connection: Int) {
    try? append(Array(line), from: connection)
  }

  private func append(_ line: [UInt8], from connection: Int?) throws(GPSDCaptureError) {
    try state.withLock { state throws(GPSDCaptureError) in
      switch state {
      case .failed(let error, _): throw error
      case .closed: throw .closed(path: path)
      case .open(let sink, let lines, let following):
        if let connection, let following, following != connection { return }
        guard !line.contains(UInt8(ascii: "\n")) else { throw .lineContainsNewline(path: path) }
        do throws(FileSink.Failure) {
          try sink.append(line)
          try sink.append(CollectionOfOne(UInt8(ascii: "\n")))
        } catch {
          let failure = GPSDCaptureError.fileError(
            path: path, operation: error.operation, errno: error.errno)
          state = .failed(failure, lines: lines)
          throw failure
        }
        state = .open(sink: sink, lines: lines + 1, following: connection ?? following)
      }
    }
  }
}
