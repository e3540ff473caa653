import ComposableMotion
import Foundation

extension SensorsDemo {
  /// `sensors-demo orientation`: iio-sensor-proxy on the system bus
  /// (`DBUS_SYSTEM_BUS_ADDRESS` where set).
  static func orientation(_ arguments: DemoArguments, mode: OutputMode) async -> Int32 {
    let bus = ProcessInfo.processInfo.environment["DBUS_SYSTEM_BUS_ADDRESS"] ?? "the system bus"
    var runner = FeatureRunner<OrientationFeature.State, OrientationFeature.Action>(
      description: describe(arguments, "iio-sensor-proxy on \(bus)", kind: .live),
      presentation: OrientationFeature.presentation, start: [.start], stop: { _ in [.stop] },
      isFinished: \.isFinished, failure: { state, _ in state.errorMessage })
    runner.count = arguments.count.map { ($0, "orientations", \.updateCount) }
    runner.timeLimit = arguments.seconds.map { .seconds($0) }
    runner.endedMessage = { _ in "iio-sensor-proxy stopped" }
    return await runner.run(
      initialState: OrientationFeature.State(limit: arguments.count),
      reducer: OrientationFeature(proxy: .live()), mode: mode)
  }
}
