/// The rotation from a sensor chip's axes to the device's axes, read from a `mount_matrix`
/// attribute (`mount_matrix`, `in_mount_matrix`, `in_accel_mount_matrix`, …).
///
/// The kernel prints it as three rows, `"x1, y1, z1; x2, y2, z2; x3, y3, z3"`; a vector `v` in the
/// chip's frame becomes `M · v` in the device's frame. An all-zero row is invalid.
public struct IIOMountMatrix: Hashable, Sendable, CustomStringConvertible {
  /// The rows of the matrix, row-major.
  public var rows: [[Double]]

  /// The identity: the chip is mounted aligned with the device.
  public static let identity = IIOMountMatrix(uncheckedRows: [[1, 0, 0], [0, 1, 0], [0, 0, 1]])

  init(uncheckedRows rows: [[Double]]) { self.rows = rows }

  /// Parses the kernel's text form.
  ///
  /// - Parameters:
  ///   - text: the attribute's content, for example `"0, 1, 0; 1, 0, 0; 0, 0, -1"`.
  ///   - path: where the text came from, used in the error message.
  /// - Throws: ``IIOError/malformedAttribute(path:value:expected:)`` unless there are exactly
  ///   three rows of three finite numbers, none of the rows all zero.
  public init(parsing text: String, path: String = "mount_matrix") throws(IIOError) {
    let expected =
      "three rows of three numbers, \"x1, y1, z1; x2, y2, z2; x3, y3, z3\", no row all zero"
    let trimmed = text.trimmingASCIIWhitespace()
    let rowTexts = trimmed.split(separator: ";", omittingEmptySubsequences: false)
    var rows: [[Double]] = []
    for rowText in rowTexts {
      let fields = rowText.split(separator: ",", omittingEmptySubsequences: false)
      let numbers = fields.compactMap { Double(String($0).trimmingASCIIWhitespace()) }
      guard fields.count == 3, numbers.count == 3, numbers.allSatisfy(\.isFinite),
        numbers.contains(where: { $0 != 0 })
      else { throw .malformedAttribute(path: path, value: text, expected: expected) }
      rows.append(numbers)
    }
    guard rows.count == 3 else {
      throw .malformedAttribute(path: path, value: text, expected: expected)
    }
    self.rows = rows
  }

  /// Whether the matrix is the identity, so applying it can be skipped.
  public var isIdentity: Bool { self == .identity }

  /// Rotates a vector from the chip's axes to the device's axes: `M · (x, y, z)`.
  public func apply(_ x: Double, _ y: Double, _ z: Double) -> (x: Double, y: Double, z: Double) {
    (
      rows[0][0] * x + rows[0][1] * y + rows[0][2] * z,
      rows[1][0] * x + rows[1][1] * y + rows[1][2] * z,
      rows[2][0] * x + rows[2][1] * y + rows[2][2] * z
    )
  }

  /// The kernel's text form.
  public var description: String {
    rows.map { $0.map { String($0) }.joined(separator: ", ") }.joined(separator: "; ")
  }
}
