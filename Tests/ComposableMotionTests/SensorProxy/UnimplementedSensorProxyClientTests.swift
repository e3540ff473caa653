import ComposableMotion
import ComposableSensorsTesting
import SensorsCore
import SensorsTestSupport
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

  /// Checks the client's stored endpoints found by reflection, so an endpoint added later fails
  /// here, by name, until it is called below.
  @Test func everyStoredEndpointReportsOneCallNamingIt() async {
    await expectEveryEndpointReportsItsName(
      clientName: "SensorProxyClient", make: { SensorProxyClient(unimplemented: $0) },
      calls: Self.calls)
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

  /// One call of each endpoint, by name; a `start…` stream fails at once naming its endpoint.
  private static let calls: [String: @Sendable (SensorProxyClient) async -> Void] = [
    "startOrientationUpdates": {
      await expectFailure($0.startOrientationUpdates(sampleID), "startOrientationUpdates")
    },
    "stopOrientationUpdates": { await $0.stopOrientationUpdates(sampleID) },
    "startLightUpdates": {
      await expectFailure($0.startLightUpdates(sampleID), "startLightUpdates")
    },
    "stopLightUpdates": { await $0.stopLightUpdates(sampleID) },
    "startProximityUpdates": {
      await expectFailure($0.startProximityUpdates(sampleID), "startProximityUpdates")
    },
    "stopProximityUpdates": { await $0.stopProximityUpdates(sampleID) },
    "startCompassUpdates": {
      await expectFailure($0.startCompassUpdates(sampleID), "startCompassUpdates")
    },
    "stopCompassUpdates": { await $0.stopCompassUpdates(sampleID) },
    "destroy": { await $0.destroy(sampleID) },
    "droppedUpdates": { _ = $0.droppedUpdates(sampleID) },
  ]

  private static func expectFailure<Value>(
    _ stream: AsyncThrowingStream<Value, any Error>, _ endpoint: String
  ) async {
    await #expect(throws: SensorProxyError.unimplemented(endpoint: endpoint)) {
      for try await _ in stream {}
    }
  }
}

/// The manager id the endpoint calls above pass.
private let sampleID = AnyHashableSendable(1)
