import SensorsCore

/// How the update effects (``MotionClient/deviceMotionUpdates(id:using:interval:)`` and the
/// others) of a live client take samples without a stream: the hub hands each one to a
/// ``DirectConsumer`` on the reader's thread, which sends it to the store there.
///
/// Only a hub-backed live client has them, and replacing the matching `start…Updates`
/// endpoint of a client drops them, so an override is always what the effect runs.
struct DirectUpdates: Sendable {
  /// Ends a subscription.
  typealias Unsubscribe = @Sendable () -> Void
  /// Subscribes a consumer for a manager; nil when that failed (the consumer is finished).
  typealias Subscribe<Element: Sendable> =
    @Sendable (AnyHashableSendable, DirectConsumer<Element>) -> Unsubscribe?
  /// The same for device motion, in a reference frame.
  typealias SubscribeInFrame =
    @Sendable (AnyHashableSendable, AttitudeReferenceFrame, DirectConsumer<DeviceMotion>) ->
    Unsubscribe?

  var accelerometer: Subscribe<AccelerometerData>?
  var gyro: Subscribe<GyroData>?
  var magnetometer: Subscribe<MagnetometerData>?
  var deviceMotion: SubscribeInFrame?
  /// The most samples a consumer holds for its effect's task (see ``DirectConsumer``).
  let bufferLimit: Int

  init(_ streams: HubStreams) {
    bufferLimit = streams.bufferLimit
    accelerometer = { owner, consumer in
      streams.deliver(owner: owner, streams.accelerometerUpdates(owner: owner), to: consumer)
    }
    gyro = { owner, consumer in
      streams.deliver(owner: owner, streams.gyroUpdates(owner: owner), to: consumer)
    }
    magnetometer = { owner, consumer in
      streams.deliver(owner: owner, streams.magnetometerUpdates(owner: owner), to: consumer)
    }
    deviceMotion = { owner, frame, consumer in
      streams.deliver(
        owner: owner, streams.deviceMotionUpdates(owner: owner, frame: frame), to: consumer)
    }
  }
}
