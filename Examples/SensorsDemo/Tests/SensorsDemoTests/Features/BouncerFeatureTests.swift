import ComposableMotion
import ComposableSensorsTesting
import ComposableStore
import Testing

@testable import SensorsDemoFeatures

@Suite("Bouncer")
struct BouncerFeatureTests {
  /// A store whose accelerometer the test drives by sending samples directly.
  private func store(width: Double = 10, height: Double = 10) -> Store<
    BouncerFeature.State, BouncerFeature.Action
  > {
    Store(initialState: BouncerFeature.State(width: width, height: height)) {
      BouncerFeature(motion: .unimplemented())
    }
  }

  private func sample(_ x: Double, _ y: Double, at time: Double) -> AccelerometerData {
    AccelerometerData(acceleration: Acceleration(x: x, y: y, z: 0), timestamp: time)
  }

  @Test("the block falls the way gravity pulls: device upright pulls it down the screen")
  func fallsWithGravity() {
    let store = store()
    for step in 0...10 { store.send(.accelerometer(sample(0, -1, at: Double(step) * 0.02))) }
    #expect(store.state.velocity.y > 0, "down the screen")
    #expect(abs(store.state.velocity.x) < 1e-12)
    #expect(store.state.position.y > 5)
    #expect(store.state.updateCount == 11)
  }

  @Test("bouncing off an edge keeps 0.85 of the speed and reverses it")
  func bouncesWithElasticity() {
    let store = store(width: 10, height: 1000)
    // Pull right hard until the block crosses the right edge once.
    var time = 0.0
    while store.state.bounces == 0 {
      time += 0.02
      let before = store.state.velocity.x
      store.send(.accelerometer(sample(1, 0, at: time)))
      if store.state.bounces == 1 {
        let impact = before + BouncerFeature.cellsPerSecondSquaredPerG * 0.02
        #expect(abs(store.state.velocity.x - -impact * BouncerFeature.elasticity) < 1e-9)
        #expect(store.state.position.x <= 10)
      }
      if time > 10 { break }
    }
    #expect(store.state.bounces == 1)
  }

  @Test("a gap in the samples does not fling the block: steps are capped at 0.1 s")
  func capsLongGaps() {
    let store = store(width: 1000, height: 1000)
    store.send(.accelerometer(sample(1, 0, at: 0)))
    store.send(.accelerometer(sample(1, 0, at: 30)))
    #expect(abs(store.state.velocity.x - BouncerFeature.cellsPerSecondSquaredPerG * 0.1) < 1e-9)
  }
}
