import ComposableMotion
import ComposableStore
import SensorsCore

extension MotionClient {
  /// A client whose every endpoint fails the running test when called, naming the endpoint.
  ///
  /// Override only what the feature under test should call; anything else it calls is a
  /// test failure, not a silent default:
  ///
  /// ```swift
  /// var motion = MotionClient.unimplemented()
  /// motion.create = { _ in }
  /// motion.startAccelerometerUpdates = { _ in stream }
  /// ```
  ///
  /// A failing endpoint returns a harmless placeholder so the test can go on: streams finish
  /// at once, flags are false, counts zero, samples nil, intervals 10 ms.
  public static func unimplemented(
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> MotionClient {
    installIssueReporter()
    return MotionClient(
      unimplemented: UnimplementedEndpoints(
        client: "MotionClient", report: IssueReporter.report, fileID: fileID, filePath: filePath,
        line: line, column: column))
  }
}
