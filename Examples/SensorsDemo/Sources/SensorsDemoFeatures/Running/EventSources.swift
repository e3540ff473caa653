import Dispatch

#if canImport(Glibc)
  import Glibc
#endif

/// The outside world's events for a run: SIGINT and SIGTERM, and key presses on a terminal.
///
/// Signals are received through dispatch sources (the default action is ignored first), so the
/// run loop can restore the terminal before exiting instead of dying mid-frame.
final class EventSources {
  private let sources: [any DispatchSourceProtocol]
  private static let queue = DispatchQueue(label: "sensors-demo.events")

  init<State: Sendable, Action: Sendable>(
    continuation: AsyncStream<FeatureRunner<State, Action>.Event>.Continuation, readsKeys: Bool
  ) {
    var sources: [any DispatchSourceProtocol] = []
    for number in [SIGINT, SIGTERM] {
      signal(number, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: number, queue: Self.queue)
      source.setEventHandler { continuation.yield(.signal(number)) }
      source.resume()
      sources.append(source)
    }
    if readsKeys, isatty(STDIN_FILENO) == 1 {
      let source = DispatchSource.makeReadSource(fileDescriptor: STDIN_FILENO, queue: Self.queue)
      source.setEventHandler {
        var buffer = [UInt8](repeating: 0, count: 64)
        let count = buffer.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, $0.count) }
        guard count > 0 else { return }
        for byte in buffer.prefix(count) { continuation.yield(.key(byte)) }
      }
      source.resume()
      sources.append(source)
    }
    self.sources = sources
  }

  func cancel() {
    for source in sources { source.cancel() }
  }
}
