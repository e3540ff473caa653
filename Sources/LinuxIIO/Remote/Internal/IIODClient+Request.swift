import SensorsCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

extension IIODClient {
  /// Runs one request on the client's queue: connects when needed, sends `command` (with
  /// `suffix` on its line and `then` bytes after it), and lets `body` read the reply. A
  /// cancelled task closes the client, which wakes the request at once.
  func request<Value: Sendable>(
    _ command: String, sending suffix: String = "", then trailer: [UInt8] = [],
    _ body: @escaping @Sendable (inout IIODWire) throws(IIODError) -> Value
  ) async throws(IIODError) -> Value {
    let result = await withTaskCancellationHandler {
      await queue.run { self.perform(command, line: command + suffix + "\n", trailer, body) }
    } onCancel: {
      close()
    }
    return try result.get()
  }

  private func perform<Value>(
    _ command: String, line: String, _ trailer: [UInt8],
    _ body: (inout IIODWire) throws(IIODError) -> Value
  ) -> Result<Value, IIODError> {
    let server = address.description
    var socket: Int32
    var pending: [UInt8]
    switch state.withLock({ $0.begin(server: server) }) {
    case .fail(let error): return .failure(error)
    case .use(let open, let bytes):
      socket = open
      pending = bytes
    case .connect:
      let connected = connect()
      guard state.withLock({ $0.connected(connected) }) else {
        if case .success(let orphan) = connected { Glibc.close(orphan) }
        if case .failure(let error) = connected { return .failure(error) }
        return .failure(.closed(server: server))
      }
      guard case .success(let open) = connected else { return .failure(.closed(server: server)) }
      socket = open
      pending = []
    }
    var wire = IIODWire(
      socket: socket, wake: wake.descriptor, server: server, command: command, timeout: timeout,
      pending: pending)
    let result = Result { () throws(IIODError) -> Value in
      try wire.send(Array(line.utf8) + trailer)
      return try body(&wire)
    }
    var linkError: IIODError?
    if case .failure(let error) = result, error.retiresConnection { linkError = error }
    if let retired = state.withLock({
      $0.end(socket: socket, pending: wire.pending, linkError: linkError)
    }) {
      Glibc.close(retired)
    }
    return result
  }

  private func connect() -> Result<Int32, IIODError> {
    let server = address.description
    switch TCPSocket.connect(
      host: address.host, port: address.port, timeout: timeout, wake: wake.descriptor)
    {
    case .success(let socket?): return .success(socket)
    case .success(nil): return .failure(.closed(server: server))
    case .failure(.hostNotFound(let reason)):
      return .failure(.hostNotFound(server: server, reason: reason))
    case .failure(.refused): return .failure(.refused(server: server))
    case .failure(.timedOut):
      return .failure(.timedOut(server: server, command: nil, after: timeout))
    case .failure(.accessDenied):
      return .failure(.systemCallFailed(server: server, operation: "connect", errno: EACCES))
    case .failure(.system(let operation, let code)):
      return .failure(.systemCallFailed(server: server, operation: operation, errno: code))
    }
  }
}
