import ComposableMotion
import ComposableSensorsTesting

/// A device-motion update with the given gravity and user acceleration (g), everything else at rest.
func deviceMotion(
  gravity: (Double, Double, Double), userAcceleration: (Double, Double, Double) = (0, 0, 0),
  timestamp: Double = 0
) -> DeviceMotion {
  DeviceMotion(
    attitude: Attitude(quaternion: Quaternion(w: 1, x: 0, y: 0, z: 0)),
    gravity: Acceleration(x: gravity.0, y: gravity.1, z: gravity.2),
    userAcceleration: Acceleration(
      x: userAcceleration.0, y: userAcceleration.1, z: userAcceleration.2),
    rotationRate: RotationRate(x: 0, y: 0, z: 0),
    magneticField: .init(field: MagneticField(x: 0, y: 0, z: 0), accuracy: .uncalibrated),
    heading: nil,
    timestamp: timestamp
  )
}

/// A motion client whose device-motion updates are `updates`' script; create, stop and destroy
/// do nothing.
func scriptedDeviceMotion(_ updates: ScriptedStream<DeviceMotion>) -> MotionClient {
  var motion = MotionClient.unimplemented()
  motion.create = { _ in }
  motion.startDeviceMotionUpdates = { _, _ in updates.stream }
  motion.stopDeviceMotionUpdates = { _ in }
  motion.destroy = { _ in }
  return motion
}
