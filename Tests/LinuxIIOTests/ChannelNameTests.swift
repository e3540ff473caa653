import Testing

@testable import LinuxIIO

@Suite("Channel names (in_<type>[index][_<modifier>])")
struct ChannelNameTests {
  @Test(
    "Modified, indexed, differential and output channels",
    arguments: [
      ("in_accel_x", "in", "accel", nil, "x"),
      ("in_anglvel_z", "in", "anglvel", nil, "z"),
      ("in_angl", "in", "angl", nil, nil),
      ("in_temp0", "in", "temp", 0, nil),
      ("in_pressure0", "in", "pressure", 0, nil),
      ("in_illuminance", "in", "illuminance", nil, nil),
      ("in_illuminance_ir", "in", "illuminance", nil, "ir"),
      ("in_rot_quaternion", "in", "rot", nil, "quaternion"),
      ("in_magn_north_true_tilt_comp", "in", "magn", nil, "north_true_tilt_comp"),
      ("in_voltage0-voltage1", "in", "voltage", 0, nil),
      ("in_deltavelocity_y", "in", "deltavelocity", nil, "y"),
      ("out_voltage2", "out", "voltage", 2, nil),
      ("in_timestamp", "in", "timestamp", nil, nil),
    ] as [(String, String, String, Int?, String?)])
  func parses(prefix: String, direction: String, type: String, index: Int?, modifier: String?)
    throws
  {
    let name = try #require(ChannelName.parse(prefix))
    #expect(name.direction.rawValue == direction)
    #expect(name.type.rawValue == type)
    #expect(name.index == index)
    #expect(name.modifier == modifier)
  }

  @Test(
    "Names that are not channels",
    arguments: ["sampling_frequency", "in_", "in_0", "name", "in_accel0x"])
  func rejects(prefix: String) {
    #expect(ChannelName.parse(prefix) == nil)
  }
}
