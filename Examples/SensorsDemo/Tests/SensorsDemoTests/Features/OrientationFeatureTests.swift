import ComposableMotion
import ComposableSensorsTesting
import Testing

@testable import SensorsDemoFeatures

@Suite("Orientation command")
struct OrientationFeatureTests {
  @Test("Orientations arrive from the proxy, undefined is not one, --count stops and releases")
  func countAndRelease() async {
    let calls = CallLog()
    var proxy = SensorProxyClient.unimplemented()
    proxy.startOrientationUpdates = { _ in
      AsyncThrowingStream { continuation in
        for orientation: ScreenOrientation in [.undefined, .normal, .leftUp, .rightUp] {
          continuation.yield(orientation)
        }
      }
    }
    proxy.destroy = { _ in calls.record("destroy") }
    let store = TestStore(initialState: OrientationFeature.State(limit: 2)) {
      OrientationFeature(proxy: proxy)
    }
    await store.send(.start)
    await store.receive(.orientationChanged(.undefined))
    await store.receive(.orientationChanged(.normal)) {
      $0.orientation = .normal
      $0.updateCount = 1
    }
    await store.receive(.orientationChanged(.leftUp)) {
      $0.orientation = .leftUp
      $0.updateCount = 2
      $0.isFinished = true
    }
    await store.finish()
    #expect(calls.names == ["destroy"])
    #expect(
      OrientationFeature.presentation.json(.orientationChanged(.normal), store.state).map(
        \.description) == [#"{"event":"orientation","orientation":"normal"}"#])
    #expect(
      OrientationFeature.presentation.json(.orientationChanged(.undefined), store.state).isEmpty)
  }

  @Test("A proxy that is not there ends the run with its error")
  func failure() async {
    var proxy = SensorProxyClient.unimplemented()
    proxy.startOrientationUpdates = { _ in
      AsyncThrowingStream {
        $0.finish(throwing: SensorProxyError.sensorMissing(sensor: "accelerometer"))
      }
    }
    proxy.destroy = { _ in }
    let store = TestStore(initialState: OrientationFeature.State()) {
      OrientationFeature(proxy: proxy)
    }
    await store.send(.start)
    let message = SensorProxyError.sensorMissing(sensor: "accelerometer").description
    await store.receive(.failed(message)) {
      $0.errorMessage = message
      $0.isFinished = true
    }
    await store.finish()
  }
}
