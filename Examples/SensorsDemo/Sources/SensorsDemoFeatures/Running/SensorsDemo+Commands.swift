import ComposableLocation
import ComposableMotion
import ComposableStore
import LinuxIIO

// One function per command: the feature, its initial state, and how the runner drives it.
extension SensorsDemo {
  static func dashboard(
    _ arguments: DemoArguments, mode: OutputMode, clock: ScaledClock<ContinuousClock>
  ) async
    -> Int32
  {
    let motion: Sources.Source<MotionClient>
    let location: Sources.Source<LocationClient>
    switch (Sources.motion(arguments, clock: clock), Sources.location(arguments, clock: clock)) {
    case (.success(let m), .success(let l)):
      (motion, location) = (m, l)
    case (.failure(let error), _), (_, .failure(let error)):
      StandardError.write("sensors-demo: \(error.description)")
      return 1
    }
    let replaying = motion.isReplay || location.isReplay
    let banner =
      replaying
      ? "\(motion.description) and \(location.description)"
        + (arguments.speed == 1 ? "" : " at \(Format.fixed(arguments.speed, 1))×")
        + ". Live sensors: --live, --iio-root DIR, --gpsd HOST:PORT"
      : "live sensors"
    let timeLimit =
      arguments.seconds.map { Duration.seconds($0) } ?? (mode == .screen ? nil : .seconds(6))
    var state = DashboardFeature.State(
      source: banner, timeLimit: timeLimit, frame: arguments.frame ?? .xArbitraryZVertical)
    state.motion.repeats = mode == .screen && motion.isReplay
    let runner = FeatureRunner<DashboardFeature.State, DashboardFeature.Action>(
      presentation: DashboardFeature.presentation,
      start: [.start],
      stop: { _ in .stop },
      isFinished: \.isFinished,
      failure: { state in
        let failures = [state.motion.errorMessage, locationFailure(state.location)].compactMap {
          $0
        }
        return state.isFinished && !state.timeIsUp && !failures.isEmpty
          ? failures.joined(separator: "; ") : nil
      }
    )
    return await runner.run(
      initialState: state,
      reducer: DashboardFeature(motion: motion.client, location: location.client, clock: clock),
      mode: mode)
  }

  static func record(
    _ source: Sources.Source<MotionClient>, _ arguments: DemoArguments, mode: OutputMode
  ) async -> Int32 {
    let runner = FeatureRunner<RecordingFeature.State, RecordingFeature.Action>(
      presentation: RecordingFeature.presentation,
      start: [.recordingButtonTapped],
      stop: { $0.isRecording ? .recordingButtonTapped : nil },
      isFinished: \.isFinished,
      failure: \.errorMessage,
      keys: { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "r") ? .recordingButtonTapped : nil },
      lingersWhenFinished: arguments.count == nil
    )
    return await runner.run(
      initialState: RecordingFeature.State(limit: arguments.count),
      reducer: RecordingFeature(motion: source.client),
      mode: mode)
  }

  static func tilt(
    _ source: Sources.Source<MotionClient>, _ arguments: DemoArguments, mode: OutputMode,
    clock: ScaledClock<ContinuousClock>
  ) async -> Int32 {
    let runner = FeatureRunner<TiltFeature.State, TiltFeature.Action>(
      presentation: TiltFeature.presentation, start: [.start], stop: { _ in .stop },
      isFinished: \.isFinished,
      failure: \.errorMessage, lingersWhenFinished: arguments.count == nil)
    return await runner.run(
      initialState: TiltFeature.State(limit: arguments.count),
      reducer: TiltFeature(motion: source.client, clock: clock),
      mode: mode)
  }

  static func bouncer(
    _ source: Sources.Source<MotionClient>, _ arguments: DemoArguments, mode: OutputMode
  ) async -> Int32 {
    let runner = FeatureRunner<BouncerFeature.State, BouncerFeature.Action>(
      presentation: BouncerFeature.presentation, start: [.start], stop: { _ in .stop },
      isFinished: \.isFinished,
      failure: \.errorMessage, lingersWhenFinished: arguments.count == nil)
    return await runner.run(
      initialState: BouncerFeature.State(limit: arguments.count),
      reducer: BouncerFeature(motion: source.client), mode: mode)
  }

  static func motion(
    _ source: Sources.Source<MotionClient>, _ arguments: DemoArguments, mode: OutputMode
  ) async -> Int32 {
    let runner = FeatureRunner<MotionFeature.State, MotionFeature.Action>(
      presentation: MotionFeature.presentation, start: [.start], stop: { _ in .stop },
      isFinished: \.isFinished,
      failure: \.errorMessage, lingersWhenFinished: arguments.count == nil)
    let state = MotionFeature.State(
      frame: arguments.frame ?? .xArbitraryZVertical, limit: arguments.count)
    return await runner.run(
      initialState: state, reducer: MotionFeature(motion: source.client), mode: mode)
  }

  static func sensor(
    _ source: Sources.Source<MotionClient>, _ arguments: DemoArguments, mode: OutputMode
  ) async -> Int32 {
    let sensor = SensorFeature.Sensor(rawValue: arguments.command.rawValue) ?? .accelerometer
    let runner = FeatureRunner<SensorFeature.State, SensorFeature.Action>(
      presentation: SensorFeature.presentation, start: [.start], stop: { _ in .stop },
      isFinished: \.isFinished,
      failure: \.errorMessage, lingersWhenFinished: arguments.count == nil)
    let state = SensorFeature.State(
      sensor: sensor, interval: arguments.interval.map { Duration.seconds($0) },
      limit: arguments.count)
    return await runner.run(
      initialState: state, reducer: SensorFeature(motion: source.client), mode: mode)
  }

  static func location(
    _ source: Sources.Source<LocationClient>, _ arguments: DemoArguments, mode: OutputMode
  ) async -> Int32 {
    let searched = source.description
    let runner = FeatureRunner<LocationFeature.State, LocationFeature.Action>(
      presentation: LocationFeature.presentation, start: [.onAppear], stop: { _ in .onDisappear },
      isFinished: \.isFinished,
      failure: { state in
        locationFailure(state).map { reason in
          source.isReplay || state.errorMessage != nil
            ? reason
            : "\(reason) (looked for \(searched)). Start gpsd (`sudo systemctl start gpsd`; "
              + "check with `gpspipe -w -n 5`), pass --gpsd HOST:PORT, or add --bundled to replay a capture."
        }
      },
      lingersWhenFinished: arguments.count == nil)
    return await runner.run(
      initialState: LocationFeature.State(limit: arguments.count),
      reducer: LocationFeature(location: source.client),
      mode: mode)
  }

  static func devices(_ arguments: DemoArguments, mode: OutputMode) async -> Int32 {
    let runner = FeatureRunner<DevicesFeature.State, DevicesFeature.Action>(
      presentation: DevicesFeature.presentation, start: [.load], stop: { _ in nil },
      isFinished: \.isFinished,
      failure: \.errorMessage)
    return await runner.run(
      initialState: DevicesFeature.State(root: arguments.iioRoot ?? IIOSystem.defaultRoot),
      reducer: DevicesFeature(),
      mode: mode)
  }

  /// A location run failed when it ended because gpsd is unavailable or access was denied.
  @Sendable
  static func locationFailure(_ state: LocationFeature.State) -> String? {
    guard state.isFinished else { return nil }
    if state.service == .unavailable || state.alert != nil {
      return state.errorMessage
        ?? "location access is \(state.authorization.rawValue): gpsd did not answer or refused access"
    }
    return nil
  }
}
