import ComposableMotion
import ComposableSensorsTesting
import Testing

@Suite struct UnimplementedSensorProxyClientTests {
  @Test func anEndpointNotOverriddenFailsTheTestNamingItself() async {
    let client = SensorProxyClient.unimplemented()
    await withKnownIssue {
      await #expect(throws: SensorProxyError.unimplemented(endpoint: "startOrientationUpdates")) {
        for try await _ in client.startOrientationUpdates(id: 1) {}
      }
    } matching: { issue in
      issue.comments.contains { $0.rawValue.contains("SensorProxyClient.startOrientationUpdates") }
    }
    await withKnownIssue {
      await client.stopCompassUpdates(id: 1)
    } matching: { issue in
      issue.comments.contains { $0.rawValue.contains("SensorProxyClient.stopCompassUpdates") }
    }
  }

  @Test func overriddenEndpointsRunWithoutFailing() async throws {
    var client = SensorProxyClient.unimplemented()
    client.startOrientationUpdates = { _ in
      AsyncThrowingStream { continuation in
        continuation.yield(.leftUp)
        continuation.finish()
      }
    }
    var seen: [ScreenOrientation] = []
    for try await orientation in client.startOrientationUpdates(id: "s") {
      seen.append(orientation)
    }
    #expect(seen == [.leftUp])
  }
}
