/// What a backend (live IIO, replay) gives the shared hub: which reader serves each raw
/// sensor, and how to run one reader until it is cancelled, runs dry or fails.
struct MotionBackend: Sendable {
  /// What to start: a reader id from ``routes``, the raw sensors wanted from it, and the
  /// shortest interval any subscriber asked for.
  struct ReaderRequest: Sendable, Equatable {
    var reader: String
    var sensors: Set<MotionSensor>
    var interval: Duration
  }

  /// Where the reader sends its scans. It may be called from any task, one scan at a time.
  struct ReaderEvents: Sendable {
    /// Hands a scan to every subscriber at once; a slow subscriber's oldest samples are
    /// dropped and counted (live sensors).
    var scan: @Sendable (MotionScan) -> Void
    /// Like ``scan`` for a whole read's scans, in order, and returns the earliest scan time
    /// (seconds, on the scans' clock) any subscriber of the reader must be given promptly: a
    /// reader may let scans before it collect and deliver them in one go. Nil: every scan, as
    /// soon as it comes.
    var deliver: @Sendable ([MotionScan]) -> Double?
    /// Hands a scan to every subscriber, waiting while a subscriber's buffer is full, so
    /// nothing is dropped (replays, which are files and can wait).
    var send: @Sendable (MotionScan) async -> Void
  }

  /// Which reader serves each raw sensor, why the others have none, and which readers pace
  /// themselves: what the backend has at one moment.
  struct Routing: Sendable, Equatable {
    var routes: [MotionSensor: String]
    var unavailable: [MotionSensor: MotionError] = [:]
    var selfPacedReaders: Set<String> = []
  }

  /// Where the backend looks for sensors, for error messages ("/sys/bus/iio/devices", a path).
  var searched: String
  /// Which reader serves each available raw sensor (accelerometer, gyro, magnetometer).
  var routes: [MotionSensor: String]
  /// Why a raw sensor without a route is unavailable, when the backend knows more than
  /// "not found" (a two-axis gyroscope, devices skipped by discovery).
  var unavailable: [MotionSensor: MotionError] = [:]
  /// Readers that deliver exactly one scan per requested interval (polled devices).
  var selfPacedReaders: Set<String> = []
  /// The magnetic declination true north uses: the caller's, or the World Magnetic Model's at
  /// the position the app sets (``MotionClient/setLocation``).
  let declination: DeclinationStore
  /// The magnetometer calibration the client's device-motion sessions share.
  let magnetometerCalibration = MagnetometerCalibrationStore()
  /// Whether readers wait for their subscribers (``ReaderEvents/send``) instead of dropping:
  /// a replay's streams are then lossless, a live sensor's bounded and counted.
  var waitsForConsumers = false
  /// Called synchronously when a reader is started (under the hub's lock, before its task
  /// runs), so a replay anchors its timeline at the `start…` call, not whenever its task runs.
  var prepare: (@Sendable (ReaderRequest) -> Void)?
  /// For backends whose devices come and go (live IIO): what is there now for a `start…` of
  /// these raw sensors, looking again when what was known cannot serve them. The hub calls it
  /// outside its lock (it may read sysfs); nil keeps ``routes`` for good (replays).
  var rediscover: (@Sendable (Set<MotionSensor>) -> Routing)?
  /// What is there now, without looking again (kept current by a hot-plug watcher); nil means
  /// ``routes``.
  var present: (@Sendable () -> Routing)?
  /// Runs one reader: returns when the data ends (replay), throws ``MotionError`` when it
  /// fails, and must return promptly once its task is cancelled, having released every
  /// descriptor it opened.
  var run: @Sendable (ReaderRequest, ReaderEvents) async throws(MotionError) -> Void

  init(
    searched: String, routes: [MotionSensor: String],
    unavailable: [MotionSensor: MotionError] = [:], selfPacedReaders: Set<String> = [],
    magneticDeclination: Double?,
    run: @escaping @Sendable (ReaderRequest, ReaderEvents) async throws(MotionError) -> Void
  ) {
    self.searched = searched
    self.routes = routes
    self.unavailable = unavailable
    self.selfPacedReaders = selfPacedReaders
    self.declination = DeclinationStore(fixed: magneticDeclination)
    self.run = run
  }

  /// What the backend has now: ``present`` for live devices, the fixed routes otherwise.
  var currentRouting: Routing {
    present?()
      ?? Routing(routes: routes, unavailable: unavailable, selfPacedReaders: selfPacedReaders)
  }

  /// The error for a raw sensor the backend cannot serve (now).
  func unavailableError(_ sensor: MotionSensor) -> MotionError {
    currentRouting.unavailable[sensor] ?? .sensorUnavailable(sensor, searched: searched)
  }
}
