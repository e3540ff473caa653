import SensorsCore

extension SensorProxyClient {
  /// A client whose every endpoint reports its calls through `fail` (naming the client and the
  /// endpoint) and returns a harmless placeholder: what `.unimplemented()` in the testing product
  /// is made of. A `start…` returns a stream that fails at once with
  /// ``SensorProxyError/unimplemented(endpoint:)``.
  ///
  /// Each stored endpoint is assigned here, so the compiler rejects one left out.
  package init(unimplemented fail: UnimplementedEndpoints) {
    startOrientationUpdates = fail("startOrientationUpdates") { _ in
      .failing(endpoint: "startOrientationUpdates")
    }
    stopOrientationUpdates = fail(async: "stopOrientationUpdates") { _ in }
    startLightUpdates = fail("startLightUpdates") { _ in .failing(endpoint: "startLightUpdates") }
    stopLightUpdates = fail(async: "stopLightUpdates") { _ in }
    startProximityUpdates = fail("startProximityUpdates") { _ in
      .failing(endpoint: "startProximityUpdates")
    }
    stopProximityUpdates = fail(async: "stopProximityUpdates") { _ in }
    startCompassUpdates = fail("startCompassUpdates") { _ in
      .failing(endpoint: "startCompassUpdates")
    }
    stopCompassUpdates = fail(async: "stopCompassUpdates") { _ in }
    destroy = fail(async: "destroy") { _ in }
    droppedUpdates = fail("droppedUpdates") { _ in 0 }
  }
}

extension AsyncThrowingStream where Failure == any Error {
  /// A stream that fails at once with ``SensorProxyError/unimplemented(endpoint:)``.
  fileprivate static func failing(endpoint: String) -> Self {
    AsyncThrowingStream { $0.finish(throwing: SensorProxyError.unimplemented(endpoint: endpoint)) }
  }
}
