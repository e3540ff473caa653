import ComposableLocation
import ComposableMotion
import ComposableStore
import LinuxIIO
import SensorsSampleData

// One function per command: the feature, its initial state, and how the runner drives it. The
// runner gives every command the same header, keys, --seconds, --count and exit statuses.
extension SensorsDemo {
  static func dashboard(
    _ arguments: DemoArguments, mode: OutputMode, clock: ScaledClock<ContinuousClock>
  ) async -> Int32 {
    let motion: Sources.Source<MotionClient>
    let location: Sources.Source<LocationClient>
    // The location panel's headings come from the motion half's magnetometer.
    let sources = Sources.motion(arguments, clock: clock).flatMap { motion in
      Sources.location(
        arguments, clock: clock, compass: .deviceMotion(motion.client, id: "dashboard-compass")
      ).map { (motion, $0) }
    }
    switch sources {
    case .success(let (m, l)):
      (motion, location) = (m, l)
    case .failure(let error):
      StandardError.write("sensors-demo: \(error.description)")
      return 1
    }
    let kind: RunDescription.Kind =
      motion.isReplay && location.isReplay
      ? .replay : !motion.isReplay && !location.isReplay ? .live : .mixed
    var state = DashboardFeature.State(frame: arguments.frame ?? .xArbitraryZVertical)
    state.motion.limit = arguments.count
    state.locationIsReplay = location.isReplay
    var runner = FeatureRunner<DashboardFeature.State, DashboardFeature.Action>(
      description: describe(
        arguments,
        "motion: \(describe(motion, arguments))\nlocation: \(describe(location, arguments))",
        kind: kind),
      presentation: DashboardFeature.presentation,
      // The location panel is shown, then appears. It stops by its own action and stays shown,
      // so the last frame keeps its end-of-replay state (.locationHidden would cancel it too).
      start: [.motion(.start), .locationShown, .location(.onAppear)],
      stop: { state in [.motion(.stop)] + (state.location == nil ? [] : [.location(.onDisappear)])
      },
      // --count counts device-motion updates: reaching it ends the run, location or not.
      isFinished: { $0.isFinished || ($0.motion.limit != nil && $0.motion.isFinished) },
      failure: { state, ending in
        [
          state.motion.errorMessage,
          state.location.flatMap { locationFailure($0, location, arguments, ending) },
        ]
        .compactMap { $0 }.first
      })
    // l hides the location panel (ifLet cancels its effects, its manager is destroyed) and
    // shows it again, fresh.
    runner.description.keys = ["l: location on/off"]
    runner.keys = { key, state in
      guard key == UInt8(ascii: "l") else { return [] }
      return state.location == nil ? [.locationShown, .location(.onAppear)] : [.locationHidden]
    }
    runner.count = arguments.count.map { ($0, "device-motion updates", { $0.motion.updateCount }) }
    // Piped with no limit, the dashboard stops after 6 s: it is a look, not a log.
    runner.timeLimit =
      arguments.seconds.map { .seconds($0) }
      ?? (mode == .screen || arguments.count != nil ? nil : .seconds(6))
    runner.endedMessage = { state in
      state.isFinished
        ? "end of replay: \(state.motion.updateCount) updates, \(state.location?.locationCount ?? 0) fixes"
        : nil
    }
    return await runner.run(
      initialState: state,
      reducer: DashboardFeature(
        motion: motion.client, location: location.client, now: { Timestamp.now() }),
      mode: mode)
  }

  static func record(
    _ source: Sources.Source<MotionClient>, _ arguments: DemoArguments, mode: OutputMode
  ) async -> Int32 {
    var runner = motionRunner(
      source, arguments, presentation: RecordingFeature.presentation,
      start: [.recordingButtonTapped],
      stop: { $0.isRecording ? [.recordingButtonTapped] : [] },
      isFinished: \.isFinished, errorMessage: \.errorMessage, noun: "values",
      progress: { $0.zs.count })
    runner.description.keys = ["space: record/stop"]
    runner.keys = { key, _ in
      key == UInt8(ascii: " ") || key == UInt8(ascii: "r") ? [.recordingButtonTapped] : []
    }
    return await runner.run(
      initialState: RecordingFeature.State(limit: arguments.count),
      reducer: RecordingFeature(motion: source.client), mode: mode)
  }

  static func tilt(
    _ source: Sources.Source<MotionClient>, _ arguments: DemoArguments, mode: OutputMode,
    clock: ScaledClock<ContinuousClock>
  ) async -> Int32 {
    let runner = motionRunner(
      source, arguments, presentation: TiltFeature.presentation, start: [.start],
      stop: { _ in [.stop] }, isFinished: \.isFinished, errorMessage: \.errorMessage,
      noun: "tilts", progress: \.tiltCount)
    return await runner.run(
      initialState: TiltFeature.State(limit: arguments.count),
      reducer: TiltFeature(motion: source.client, clock: clock), mode: mode)
  }

  static func bouncer(
    _ source: Sources.Source<MotionClient>, _ arguments: DemoArguments, mode: OutputMode
  ) async -> Int32 {
    let runner = motionRunner(
      source, arguments, presentation: BouncerFeature.presentation, start: [.start],
      stop: { _ in [.stop] }, isFinished: \.isFinished, errorMessage: \.errorMessage,
      noun: "samples", progress: \.updateCount)
    // The arena fills the terminal between the header (3 rows), the title (2), the numbers and
    // the keys (1 each) and its frame (2); two columns a cell.
    var state = BouncerFeature.State(limit: arguments.count)
    if mode == .screen {
      let size = TerminalScreen().size
      state = BouncerFeature.State(
        width: Double(max(4, (size.columns - 2) / 2)), height: Double(max(2, size.rows - 9)),
        limit: arguments.count)
    }
    return await runner.run(
      initialState: state, reducer: BouncerFeature(motion: source.client), mode: mode)
  }

  static func motion(
    _ source: Sources.Source<MotionClient>, _ arguments: DemoArguments, mode: OutputMode
  ) async -> Int32 {
    let runner = motionRunner(
      source, arguments, presentation: MotionFeature.presentation, start: [.start],
      stop: { _ in [.stop] }, isFinished: \.isFinished, errorMessage: \.errorMessage,
      noun: "updates", progress: \.updateCount)
    let state = MotionFeature.State(
      frame: arguments.frame ?? .xArbitraryZVertical, limit: arguments.count)
    return await runner.run(
      initialState: state, reducer: MotionFeature(motion: source.client), mode: mode)
  }

  static func sensor(
    _ source: Sources.Source<MotionClient>, _ arguments: DemoArguments, mode: OutputMode
  ) async -> Int32 {
    let sensor = SensorFeature.Sensor(rawValue: arguments.command.rawValue) ?? .accelerometer
    let runner = motionRunner(
      source, arguments, presentation: SensorFeature.presentation, start: [.start],
      stop: { _ in [.stop] }, isFinished: \.isFinished, errorMessage: \.errorMessage,
      noun: "samples", progress: \.sampleCount)
    let state = SensorFeature.State(
      sensor: sensor, interval: arguments.interval.map { Duration.seconds($0) },
      limit: arguments.count)
    return await runner.run(
      initialState: state, reducer: SensorFeature(motion: source.client), mode: mode)
  }

  static func location(
    _ source: Sources.Source<LocationClient>, _ arguments: DemoArguments, mode: OutputMode
  ) async -> Int32 {
    var runner = FeatureRunner<LocationFeature.State, LocationFeature.Action>(
      description: describe(
        arguments, describe(source, arguments), kind: source.isReplay ? .replay : .live),
      presentation: LocationFeature.presentation, start: [.onAppear],
      stop: { _ in [.onDisappear] }, isFinished: \.isFinished,
      failure: { state, ending in locationFailure(state, source, arguments, ending) })
    runner.count = arguments.count.map { ($0, "fixes", \.locationCount) }
    runner.timeLimit = arguments.seconds.map { .seconds($0) }
    runner.endedMessage = { state in
      state.sourceEnded ? "end of replay: \(state.locationCount) fixes" : nil
    }
    return await runner.run(
      initialState: LocationFeature.State(limit: arguments.count, isReplay: source.isReplay),
      reducer: LocationFeature(location: source.client, now: { Timestamp.now() }), mode: mode)
  }

  static func devices(_ arguments: DemoArguments, mode: OutputMode) async -> Int32 {
    // The rule of every command: the bundled recording (here a recorded ADIS16480's sysfs,
    // listed by the same discovery code), unless --live or --iio-root says otherwise.
    var recorded: RecordedSysfs?
    if !arguments.readsLiveMotion {
      do {
        recorded = try RecordedSysfs(description: SampleData.umockdevDevice(.adis16480))
      } catch {
        StandardError.write("sensors-demo: cannot lay out the bundled device description: \(error)")
        return 1
      }
    }
    defer { recorded?.remove() }
    let root = recorded?.root.path ?? arguments.iioRoot ?? IIOSystem.defaultRoot
    let description =
      recorded == nil
      ? RunDescription(
        title: "sensors-demo devices", source: "IIO devices under \(root)", kind: .live,
        hint: arguments.iioRoot == nil ? "another root: --iio-root DIR" : "")
      : RunDescription(
        title: "sensors-demo devices",
        source: "the bundled recording of an ADIS16480 (pyadi-adis16480.umockdev)", kind: .replay,
        hint: "live: --live")
    let runner = FeatureRunner<DevicesFeature.State, DevicesFeature.Action>(
      description: description,
      presentation: DevicesFeature.presentation, start: [.load], stop: { _ in [] },
      isFinished: \.isFinished,
      // Nothing to list is a source that cannot be opened: status 1, as for every command. The
      // message itself is on standard output already; standard error gets the short reason.
      failure: { state, _ in state.problem == nil ? nil : "no IIO devices to list under \(root)" })
    return await runner.run(
      initialState: DevicesFeature.State(root: root),
      reducer: DevicesFeature(scan: .live), mode: mode)
  }

  /// The runner every motion command shares.
  static func motionRunner<State: Sendable, Action: Sendable>(
    _ source: Sources.Source<MotionClient>, _ arguments: DemoArguments,
    presentation: Presentation<State, Action>, start: [Action],
    stop: @escaping @Sendable (State) -> [Action], isFinished: @escaping @Sendable (State) -> Bool,
    errorMessage: @escaping @Sendable (State) -> String?, noun: String,
    progress: @escaping @Sendable (State) -> Int
  ) -> FeatureRunner<State, Action> {
    var runner = FeatureRunner<State, Action>(
      description: describe(
        arguments, describe(source, arguments), kind: source.isReplay ? .replay : .live),
      presentation: presentation, start: start, stop: stop, isFinished: isFinished,
      failure: { state, _ in errorMessage(state) })
    runner.count = arguments.count.map { ($0, noun, progress) }
    runner.timeLimit = arguments.seconds.map { .seconds($0) }
    runner.endedMessage = { _ in source.isReplay ? "end of replay" : "the sensor stopped" }
    return runner
  }

  /// The header of a command's run.
  static func describe(_ arguments: DemoArguments, _ source: String, kind: RunDescription.Kind)
    -> RunDescription
  {
    let title =
      "sensors-demo" + (arguments.command == .dashboard ? "" : " \(arguments.command.rawValue)")
    let hint: String =
      switch kind {
      case .replay: arguments.command == .location ? "live: --live or --gpsd HOST" : "live: --live"
      case .live, .mixed: ""
      }
    return RunDescription(
      title: title, source: source, kind: kind, hint: hint,
      speed: kind != .live && arguments.speed != 1 ? arguments.speed : nil)
  }

  /// A source in words, with the replay speed when it is not real time.
  static func describe<Client>(_ source: Sources.Source<Client>, _ arguments: DemoArguments)
    -> String
  {
    guard source.isReplay, arguments.speed != 1 else { return source.description }
    return "\(source.description) at \(Format.fixed(arguments.speed, arguments.speed < 1 ? 2 : 1))×"
  }

  /// Why a location run failed: access denied, or live gpsd never answered. Said once, with the
  /// advice that fits how gpsd was chosen.
  static func locationFailure(
    _ state: LocationFeature.State, _ source: Sources.Source<LocationClient>,
    _ arguments: DemoArguments, _ ending: RunEnding
  ) -> String? {
    if let fatal = state.sourceFailure { return fatal.description }
    let neverAnswered = !source.isReplay && !state.hasConnected && ending != .quit
    if !neverAnswered {
      return state.alert.map { _ in
        "location access is \(state.authorization.rawValue): gpsd refused access (check its permissions)"
      }
    }
    let elsewhere =
      arguments.gpsd == nil
      ? " or point at another with --gpsd HOST:PORT (or GPSD_HOST/GPSD_PORT)," : ""
    return "\(source.description) never answered. Start gpsd (`sudo systemctl start gpsd`; "
      + "check with `gpspipe -w -n 5`),\(elsewhere) or drop --live/--gpsd to replay the bundled capture."
  }
}
