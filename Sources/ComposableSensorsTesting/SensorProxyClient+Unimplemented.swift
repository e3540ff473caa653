import ComposableMotion
import ComposableStore

extension SensorProxyClient {
  /// A client whose every endpoint fails the running test when called, naming the endpoint.
  ///
  /// Override only what the feature under test should call:
  ///
  /// ```swift
  /// var proxy = SensorProxyClient.unimplemented()
  /// proxy.startOrientationUpdates = { _ in stream }
  /// proxy.stopOrientationUpdates = { _ in }
  /// ```
  ///
  /// A failing `start…` returns a stream that fails at once with
  /// ``SensorProxyError/unimplemented(endpoint:)``, so the feature sees an error, not silence.
  public static func unimplemented(
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> SensorProxyClient {
    let fail = UnimplementedProxyEndpoint(
      fileID: fileID, filePath: filePath, line: line, column: column)
    return SensorProxyClient(
      startOrientationUpdates: { fail.stream("startOrientationUpdates", $0) },
      stopOrientationUpdates: { fail("stopOrientationUpdates", $0) },
      startLightUpdates: { fail.stream("startLightUpdates", $0) },
      stopLightUpdates: { fail("stopLightUpdates", $0) },
      startProximityUpdates: { fail.stream("startProximityUpdates", $0) },
      stopProximityUpdates: { fail("stopProximityUpdates", $0) },
      startCompassUpdates: { fail.stream("startCompassUpdates", $0) },
      stopCompassUpdates: { fail("stopCompassUpdates", $0) },
      destroy: { fail("destroy", $0) },
      droppedUpdates: {
        fail("droppedUpdates", $0)
        return 0
      })
  }
}

private struct UnimplementedProxyEndpoint: Sendable {
  let fileID: StaticString
  let filePath: StaticString
  let line: UInt
  let column: UInt

  func callAsFunction(_ endpoint: String, _ id: AnyHashableSendable) {
    reportIssue(
      "Unimplemented: SensorProxyClient.\(endpoint) was called (\(endpoint)(id: \(id))) but this "
        + "test did not override it. Set `client.\(endpoint) = { … }` if the feature should call it.",
      fileID: fileID, filePath: filePath, line: line, column: column)
  }

  func stream<Element>(_ endpoint: String, _ id: AnyHashableSendable)
    -> AsyncThrowingStream<Element, any Error>
  {
    self(endpoint, id)
    return AsyncThrowingStream {
      $0.finish(throwing: SensorProxyError.unimplemented(endpoint: endpoint))
    }
  }
}
