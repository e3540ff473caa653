import Geomagnetism
import SensorsCore

extension CompassSource {
  /// A compass made of this client's device motion in
  /// ``AttitudeReferenceFrame/xMagneticNorthZVertical``: each update becomes a
  /// ``CompassReading`` with the heading of the orientation's reference edge, the heading
  /// accuracy device motion gives, and the calibrated field (µT). Give it to
  /// `LocationClient.Configuration.compass` and the location client's headings come from it.
  ///
  /// Each subscription creates manager `id` on `motion`, and destroys it when the subscription
  /// ends. Readings hand over losslessly (a replay's headings are all delivered); a live
  /// client's own stream bounds what waits.
  ///
  /// - Parameters:
  ///   - motion: the client whose device motion is read.
  ///   - id: the motion manager the compass uses.
  ///   - epoch: the UTC moment of device-motion timestamp 0 (a recording's start): readings are
  ///     stamped `epoch + timestamp`. Nil stamps each reading with the time it arrives.
  public static func deviceMotion(
    _ motion: MotionClient, id: some Hashable & Sendable = "compass", epoch: Timestamp? = nil
  ) -> CompassSource {
    let id = AnyHashableSendable(id)
    return CompassSource { orientation in
      let channel = LosslessChannel<CompassReading>(limit: 64)
      let task = Task.inheritingExecutor {
        await motion.create(id)
        do {
          for try await update in motion.startDeviceMotionUpdates(id, .xMagneticNorthZVertical) {
            let time = epoch.map { $0 + update.timestamp } ?? .now()
            guard let reading = update.compassReading(for: orientation, at: time) else { continue }
            guard await channel.send(reading) else { break }
          }
          channel.finish()
        } catch {
          channel.finish(throwing: error)
        }
        await motion.destroy(id)
      }
      channel.setOnTermination { task.cancel() }
      return channel.makeStream()
    }
  }
}

extension DeviceMotion {
  /// This update as a compass reading for `orientation`, or nil when its attitude gives no
  /// heading for it (no magnetometer sample yet, or a degenerate attitude).
  func compassReading(for orientation: HeadingOrientation, at time: Timestamp) -> CompassReading? {
    guard heading != nil else { return nil }
    // The attitude turns device axes into the frame's: x north, y west, z up.
    func axis(_ v: SIMD3<Double>) -> (north: Double, east: Double, up: Double) {
      let r = attitude.quaternion.rotate(v)
      return (r.x, -r.y, r.z)
    }
    guard
      let magnetic = orientation.heading(
        xAxis: axis(SIMD3(1, 0, 0)), yAxis: axis(SIMD3(0, 1, 0)), zAxis: axis(SIMD3(0, 0, 1)))
    else { return nil }
    let field = magneticField.field
    return CompassReading(
      magneticHeading: magnetic, headingAccuracy: headingAccuracy, x: field.x, y: field.y,
      z: field.z, timestamp: time)
  }
}
