import SensorsCore
import Synchronization
import Testing

/// The names of the stored closures of a client struct (its endpoints), found by reflection: a
/// test that checks them covers an endpoint added later, or fails naming it.
///
/// Only names: a closure taken out of a `Mirror` and cast back to its function type does not
/// call correctly (Swift 6.3 on Linux crashes, or a synchronous one returns garbage), so the
/// endpoints themselves are called through the calls a test lists by name.
public func storedEndpointNames(of client: Any) -> [String] {
  Mirror(reflecting: client).children.compactMap { child in
    // A function's type prints with an arrow; other stored properties (caches, ids) are skipped.
    guard let name = child.label, String(describing: type(of: child.value)).contains("->") else {
      return nil
    }
    return name
  }
}

/// Checks an unimplemented client endpoint by endpoint: `calls` must hold a call for exactly
/// the stored endpoints of the client (found by reflection, so a new one fails here by name until
/// the test calls it), and each call must report exactly one issue, "Unimplemented:
/// \(clientName).\(endpoint) was called (\(endpoint)(…".
///
/// - Parameters:
///   - clientName: the name the client reports itself by.
///   - make: builds the unimplemented client from its endpoint wrapper (`MotionClient.init(unimplemented:)`).
///   - calls: one call per endpoint name, with any arguments.
package func expectEveryEndpointReportsItsName<Client: Sendable>(
  clientName: String, make: (UnimplementedEndpoints) -> Client,
  calls: [String: @Sendable (Client) async -> Void],
  sourceLocation: SourceLocation = #_sourceLocation
) async {
  let reported = ReportedMessages()
  let client = make(
    UnimplementedEndpoints(
      client: clientName, report: { message, _, _, _, _ in reported.append(message) },
      fileID: #fileID, filePath: #filePath, line: #line, column: #column))
  let names = storedEndpointNames(of: client)
  let uncalled = names.filter { calls[$0] == nil }
  #expect(uncalled.isEmpty, "no call for the endpoints \(uncalled)", sourceLocation: sourceLocation)
  let unknown = calls.keys.filter { !names.contains($0) }.sorted()
  #expect(unknown.isEmpty, "calls for no endpoint: \(unknown)", sourceLocation: sourceLocation)
  for name in names {
    guard let call = calls[name] else { continue }
    await call(client)
    let messages = reported.take()
    #expect(
      messages.count == 1
        && messages[0].hasPrefix("Unimplemented: \(clientName).\(name) was called (\(name)("),
      "\(name) reported \(messages)", sourceLocation: sourceLocation)
  }
}

/// The messages an issue reporter received, in order: what a test's reporter closure appends to.
private final class ReportedMessages: Sendable {
  private let messages = Mutex<[String]>([])

  /// No message yet.
  init() {}

  /// Appends `message`.
  func append(_ message: String) {
    messages.withLock { $0.append(message) }
  }

  /// Every message so far, then forgets them.
  func take() -> [String] {
    messages.withLock { messages in
      defer { messages.removeAll() }
      return messages
    }
  }
}
