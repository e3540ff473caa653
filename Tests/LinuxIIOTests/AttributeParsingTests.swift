import LinuxIIO
import Testing

@Suite("Mount matrix and sampling frequency attributes")
struct AttributeParsingTests {
  @Test("A mount matrix parses as rows and rotates chip axes into device axes")
  func mountMatrix() throws {
    let matrix = try IIOMountMatrix(parsing: "0, 1, 0; 1, 0, 0; 0, 0, -1\n")
    #expect(matrix.rows == [[0, 1, 0], [1, 0, 0], [0, 0, -1]])
    let turned = matrix.apply(1, 2, 3)
    #expect(turned.x == 2 && turned.y == 1 && turned.z == -3)
    #expect(!matrix.isIdentity)
    #expect(try IIOMountMatrix(parsing: "1, 0, 0; 0, 1, 0; 0, 0, 1").isIdentity)
  }

  @Test("Fractional entries (a chip mounted at an angle) are kept")
  func fractional() throws {
    let matrix = try IIOMountMatrix(parsing: "0.7071, -0.7071, 0; 0.7071, 0.7071, 0; 0, 0, 1")
    #expect(matrix.rows[0] == [0.7071, -0.7071, 0])
  }

  @Test(
    "Malformed mount matrices are typed errors",
    arguments: [
      "", "1, 0, 0; 0, 1, 0", "1, 0; 0, 1; 0, 0", "1, 0, 0; 0, 1, 0; 0, 0, 0",
      "a, b, c; 0, 1, 0; 0, 0, 1",
      "1, 0, 0; 0, 1, 0; 0, 0, 1; 1, 0, 0", "1, 0, 0, 0; 0, 1, 0; 0, 0, 1",
      "nan, 0, 0; 0, 1, 0; 0, 0, 1",
    ])
  func badMatrix(text: String) {
    #expect(throws: IIOError.self) {
      try IIOMountMatrix(parsing: text, path: "in_accel_mount_matrix")
    }
  }

  @Test("The ADXL345's list of sampling frequencies")
  func frequencyList() throws {
    let text =
      "0.09765625 0.1953125 0.390625 0.78125 1.5625 3.125 6.25 12.5 25 50 100 200 400 800 1600 3200"
    let frequencies = try IIOSamplingFrequencies(parsing: text)
    guard case .list(let values) = frequencies else {
      Issue.record("expected a list")
      return
    }
    #expect(values.count == 16)
    #expect(frequencies.contains(100))
    #expect(!frequencies.contains(120))
    #expect(frequencies.nearest(to: 120) == 100)
  }

  @Test("A [min step max] range")
  func frequencyRange() throws {
    let frequencies = try IIOSamplingFrequencies(parsing: "[1 0.5 100]\n")
    #expect(frequencies == .range(minimum: 1, step: 0.5, maximum: 100))
    #expect(frequencies.contains(12.5))
    #expect(!frequencies.contains(12.3))
    #expect(!frequencies.contains(200))
    #expect(frequencies.nearest(to: 12.3) == 12.5)
    #expect(frequencies.nearest(to: 1000) == 100)
  }

  @Test(
    "Malformed frequency lists are typed errors",
    arguments: ["", "fast", "1 2 three", "[1 2]", "[100 1 1]", "[1 2 3"])
  func badFrequencies(text: String) {
    #expect(throws: IIOError.self) { try IIOSamplingFrequencies(parsing: text) }
  }
}
