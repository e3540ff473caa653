import Geomagnetism
import Testing

#if canImport(Glibc)
  import Glibc
#endif

@Suite struct HeadingOrientationTests {
  typealias Axis = (north: Double, east: Double, up: Double)

  /// Device axes (x, y, z) after turning a device lying flat, screen up, top to the north,
  /// first by `tilt` degrees about its x axis (top up), then by `azimuth` degrees clockwise.
  static func axes(azimuth: Double, tilt: Double = 0, faceDown: Bool = false) -> (Axis, Axis, Axis)
  {
    let a = azimuth * Double.pi / 180
    let t = tilt * Double.pi / 180
    let flip = faceDown ? -1.0 : 1.0
    // Flat: x east, y north, z up (face down: x west, z down). Tilt about x, then turn.
    let x: Axis = (0, flip, 0)
    let y: Axis = (cos(t), 0, sin(t))
    let z: Axis = (-sin(t) * flip, 0, cos(t) * flip)
    func turn(_ v: Axis) -> Axis {
      (v.north * cos(a) - v.east * sin(a), v.north * sin(a) + v.east * cos(a), v.up)
    }
    return (turn(x), turn(y), turn(z))
  }

  static func heading(_ orientation: HeadingOrientation, _ axes: (Axis, Axis, Axis)) -> Double? {
    orientation.heading(xAxis: axes.0, yAxis: axes.1, zAxis: axes.2)
  }

  @Test func flatDeviceHeadsWhereItsReferenceEdgePoints() throws {
    let flat = Self.axes(azimuth: 30)
    let expected: [(HeadingOrientation, Double)] = [
      (.portrait, 30), (.faceUp, 30), (.unknown, 30), (.portraitUpsideDown, 210),
      (.landscapeLeft, 120), (.landscapeRight, 300),
    ]
    for (orientation, degrees) in expected {
      let heading = try #require(Self.heading(orientation, flat))
      #expect(abs(heading - degrees) < 1e-9, "\(orientation)")
    }
  }

  @Test(arguments: [0.0, 30, 60, 89, 90, 91, 120, -45])
  func tiltingThePhoneUpKeepsTheHeadingOfWhereItFaces(tilt: Double) throws {
    // Held flat, upright (the back facing 250°) or leaning either way: still 250°.
    let heading = try #require(Self.heading(.portrait, Self.axes(azimuth: 250, tilt: tilt)))
    #expect(abs(heading - 250) < 1e-9)
  }

  @Test(arguments: [0.0, 30, 52, 80])
  func faceDownHeadsWhereTheTopPoints(tilt: Double) throws {
    let axes = Self.axes(azimuth: 100, tilt: tilt, faceDown: true)
    let heading = try #require(Self.heading(.faceDown, axes))
    #expect(abs(heading - 100) < 1e-9)
  }

  @Test func headingsStayWithin0And360() throws {
    for azimuth in stride(from: -720.0, through: 720, by: 37.5) {
      let heading = try #require(Self.heading(.portrait, Self.axes(azimuth: azimuth)))
      #expect(heading >= 0 && heading < 360)
    }
  }
}
