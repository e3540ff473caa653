import ComposableMotion
import ComposableStore
import SensorsCore

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
    installIssueReporter()
    return SensorProxyClient(
      unimplemented: UnimplementedEndpoints(
        client: "SensorProxyClient", report: IssueReporter.report, fileID: fileID,
        filePath: filePath,
        line: line, column: column))
  }
}
