import SensorsTestSupport
import Testing

@testable import ComposableMotion

/// The boundary conversion, fed with what real boards report through IIO
/// (values from the umockdev fixtures; expected numbers computed by hand).
@Suite struct CoreMotionUnitsTests {
  /// Reads `in_<type>_<axis>_raw × in_<type>_scale` for x, y and z: the IIO SI value.
  func iioVector(_ board: UmockdevDescription, _ type: String) throws -> SIMD3<Double> {
    let scale = try board.number("in_\(type)_scale")
    return SIMD3(
      try board.number("in_\(type)_x_raw") * scale,
      try board.number("in_\(type)_y_raw") * scale,
      try board.number("in_\(type)_z_raw") * scale)
  }

  @Test func anADIS16480LyingFlatReadsMinusOneGLikeCoreMotion() throws {
    let board = try UmockdevDescription.fixture("pyadi-adis16480", in: .module)
    let scan = CoreMotionUnits.scan(
      acceleration: try iioVector(board, "accel"),
      angularVelocity: try iioVector(board, "anglvel"),
      magneticField: try iioVector(board, "magn"),
      timestamp: 12.5)
    let a = try #require(scan.acceleration)
    #expect(abs(a.x - -0.000921443) < 1e-9)
    #expect(abs(a.y - -0.011176437) < 1e-9)
    #expect(abs(a.z - -0.996255297) < 1e-9, "IIO +9.77 m/s² up is Core Motion's −1 g face up")
    let w = try #require(scan.rotationRate)
    #expect(abs(w.y - -0.00020523) < 1e-12, "rad/s pass through with their sign")
    #expect(abs(w.z - 0.00012302) < 1e-12)
    let m = try #require(scan.magneticField)
    #expect(abs(m.x - 13.20) < 1e-9, "0.132 gauss is 13.2 µT")
    #expect(abs(m.y - -24.54) < 1e-9)
    #expect(abs(m.z - 11.59) < 1e-9)
    #expect(scan.timestamp == 12.5)
  }

  @Test func anLSM6DSOXTiltedReadsItsTiltInG() throws {
    let board = try UmockdevDescription.fixture("forum-lsm6dsox", in: .module)
    let scan = CoreMotionUnits.scan(
      acceleration: try iioVector(board, "accel"),
      angularVelocity: try iioVector(board, "anglvel"),
      magneticField: nil,
      timestamp: 0)
    let a = try #require(scan.acceleration)
    #expect(abs(a.x - -0.197090786) < 1e-9)
    #expect(abs(a.y - 0.039405957) < 1e-9)
    #expect(abs(a.z - -0.995762918) < 1e-9)
    let magnitude = (a.x * a.x + a.y * a.y + a.z * a.z).squareRoot()
    #expect(abs(magnitude - 1) < 0.02, "at rest the magnitude is about one g")
    let w = try #require(scan.rotationRate)
    #expect(abs(w.x - -0.002596172) < 1e-12)
    #expect(scan.magneticField == nil)
  }

  @Test func recordingsAlreadyInMicroteslaAreNotScaledAgain() {
    let scan = CoreMotionUnits.scan(
      acceleration: SIMD3(0, 0, 9.80665), angularVelocity: nil,
      magneticField: SIMD3(20, -5, -43), magneticFieldInMicrotesla: true, timestamp: 1)
    #expect(scan.acceleration == Acceleration(x: -0.0, y: -0.0, z: -1))
    #expect(scan.magneticField == MagneticField(x: 20, y: -5, z: -43))
  }
}
