/// The device orientation a compass heading is measured for, Core Location's
/// `CLDeviceOrientation` (`CLLocationManager.headingOrientation`): which edge of the device is
/// "ahead".
///
/// In device axes (x to the right edge, y to the top edge, z out of the screen, as Core Motion
/// has them), the heading is the azimuth of: +y for ``portrait``, ``faceUp``, ``faceDown`` and
/// ``unknown``; −y for ``portraitUpsideDown``; +x for ``landscapeLeft`` (home edge on the
/// right, so the right edge points up the screen); −x for ``landscapeRight``. When that axis
/// tilts towards the vertical (a phone held upright), the direction the back of the device
/// faces takes over smoothly, as a camera's view does (for ``faceDown``, the screen's).
public enum HeadingOrientation: String, Sendable, Hashable, Codable, CaseIterable {
  /// Upright, top edge up (or ahead when flat): the reference is the top edge.
  case portrait
  /// Upside down: the reference is the bottom edge.
  case portraitUpsideDown
  /// Landscape with the home edge on the right: the reference is the device's right edge (+x).
  case landscapeLeft
  /// Landscape with the home edge on the left: the reference is the device's left edge (−x).
  case landscapeRight
  /// Flat, screen up: the reference is the top edge.
  case faceUp
  /// Flat, screen down: the reference is the top edge.
  case faceDown
  /// Not known: treated as ``portrait``.
  case unknown

  /// The device axis that points "ahead", as (x, y) components of the screen plane.
  public var referenceAxis: (x: Double, y: Double) {
    switch self {
    case .portrait, .faceUp, .faceDown, .unknown: (0, 1)
    case .portraitUpsideDown: (0, -1)
    case .landscapeLeft: (1, 0)
    case .landscapeRight: (-1, 0)
    }
  }

  /// The heading of this orientation's reference edge, degrees clockwise from the north of the
  /// frame the axes are given in (0..<360), or nil when it is undefined (the reference and the
  /// back of the device both vertical: a degenerate attitude).
  ///
  /// - Parameters:
  ///   - xAxis: the device's x axis in a local frame, as (north, east, up) components.
  ///   - yAxis: the device's y axis, same frame.
  ///   - zAxis: the device's z axis (out of the screen), same frame.
  public func heading(
    xAxis: (north: Double, east: Double, up: Double),
    yAxis: (north: Double, east: Double, up: Double),
    zAxis: (north: Double, east: Double, up: Double)
  ) -> Double? {
    let (rx, ry) = referenceAxis
    let ahead = (
      north: rx * xAxis.north + ry * yAxis.north, east: rx * xAxis.east + ry * yAxis.east,
      up: rx * xAxis.up + ry * yAxis.up
    )
    // The reference's horizontal part, plus the back of the device (−z; the screen, +z, when
    // face down) weighted by how far the reference points up: continuous through every tilt,
    // and the back alone when upright.
    let back = self == .faceDown ? -1.0 : 1.0
    let north = ahead.north - back * ahead.up * zAxis.north
    let east = ahead.east - back * ahead.up * zAxis.east
    guard (north * north + east * east).squareRoot() > 1e-9 else { return nil }
    let degrees = Angle.degrees(atan2: (east, north))
    return degrees < 0 ? degrees + 360 : (degrees >= 360 ? 0 : degrees)
  }
}
