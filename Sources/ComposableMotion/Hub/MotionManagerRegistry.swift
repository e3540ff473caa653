import SensorsCore
import Synchronization

/// The per-manager properties Core Motion keeps on a `CMMotionManager`: whether it exists,
/// its update intervals and the latest sample of each kind (the pull mode).
final class MotionManagerRegistry: Sendable {
  struct Manager: Sendable {
    var intervals: [MotionService: Duration] = [:]
    /// The latest sample of each kind: a box a running stream holds on to (see ``Latest``).
    let latest = Latest()
    /// The frame of the last device-motion updates started, if any.
    var frame: AttitudeReferenceFrame?
  }

  /// A manager's latest sample of each kind. A stream takes its manager's box once, when it
  /// starts, so that remembering each sample costs one uncontended lock on the reader's thread,
  /// not a dictionary lookup hashing an erased id. A stream outliving its manager (destroyed,
  /// then created again under the same id) writes to a box no one reads any more.
  final class Latest: Sendable {
    struct Samples: Sendable {
      var accelerometer: AccelerometerData?
      var gyro: GyroData?
      var magnetometer: MagnetometerData?
      var deviceMotion: DeviceMotion?
    }

    private let samples = Mutex(Samples())

    var current: Samples { samples.withLock { $0 } }

    func update(_ body: (inout Samples) -> Void) {
      samples.withLock { body(&$0) }
    }
  }

  /// The interval a manager uses until it is given another: 100 Hz.
  static let defaultInterval = Duration.milliseconds(10)

  private let managers = Mutex<[AnyHashableSendable: Manager]>([:])
  /// Bumped after every change that can move an interval (create, destroy, set), so a reader
  /// that paces on every scan can keep the interval it read until this moves: one atomic load
  /// per scan instead of a dictionary lookup under the lock.
  private let intervalChanges = Atomic<UInt64>(0)

  /// How many times an interval may have changed; see ``interval(_:_:)``.
  var intervalGeneration: UInt64 { intervalChanges.load(ordering: .acquiring) }

  private func intervalsChanged() {
    intervalChanges.wrappingAdd(1, ordering: .releasing)
  }

  /// Registers `id`; creating an existing manager keeps its properties.
  func create(_ id: AnyHashableSendable) {
    managers.withLock { if $0[id] == nil { $0[id] = Manager() } }
    intervalsChanged()
  }

  /// Forgets `id` and everything it held.
  func destroy(_ id: AnyHashableSendable) {
    managers.withLock { _ = $0.removeValue(forKey: id) }
    intervalsChanged()
  }

  func exists(_ id: AnyHashableSendable) -> Bool {
    managers.withLock { $0[id] != nil }
  }

  func interval(_ id: AnyHashableSendable, _ service: MotionService) -> Duration {
    managers.withLock { $0[id]?.intervals[service] } ?? Self.defaultInterval
  }

  /// The shortest interval a manager can ask for: "as fast as the sensor goes". Zero and
  /// negative intervals are raised to it, so a polled reader's deadlines always move forward.
  static let shortestInterval = Duration.microseconds(1)

  /// Sets an interval, raised to ``shortestInterval`` if shorter; returns the interval set, or
  /// nil when the manager does not exist.
  func setInterval(
    _ id: AnyHashableSendable, _ service: MotionService, _ interval: Duration
  ) -> Duration? {
    let interval = max(interval, Self.shortestInterval)
    defer { intervalsChanged() }
    return managers.withLock { managers in
      guard managers[id] != nil else { return nil }
      managers[id]?.intervals[service] = interval
      return interval
    }
  }

  func read<Value: Sendable>(_ id: AnyHashableSendable, _ body: (Manager) -> Value?) -> Value? {
    let manager = managers.withLock { $0[id] }
    return manager.flatMap(body)
  }

  func update(_ id: AnyHashableSendable, _ body: (inout Manager) -> Void) {
    managers.withLock { managers in
      // One lookup, changed in place.
      guard let index = managers.index(forKey: id) else { return }
      body(&managers.values[index])
    }
  }

  /// The box holding `id`'s latest samples; nil when the manager does not exist.
  func latest(_ id: AnyHashableSendable) -> Latest? {
    managers.withLock { $0[id]?.latest }
  }
}
