extension MagnetometerCalibration {
  /// The calibration as one line of text, for saving it between runs, for example
  /// `magnetometer-calibration 1 accuracy=high b=12.5,-3.25,40 k=1.02,0.01,0,0.01,0.97,0,0,0,1.01
  /// strength=49.8 dip=66.2`: the hard iron in µT, the soft-iron correction by rows, the field strength in
  /// µT and the dip in degrees. Numbers are written so that ``init(textLine:)`` gives back exactly this value.
  public var textLine: String {
    let k = softIronCorrection
    let rows = [k.x, k.y, k.z].flatMap { [$0.x, $0.y, $0.z] }
    return "\(Self.lineTag) 1 accuracy=\(Self.accuracyName(accuracy))"
      + " b=\(hardIron.x),\(hardIron.y),\(hardIron.z)"
      + " k=\(rows.map { "\($0)" }.joined(separator: ","))"
      + " strength=\(fieldStrength) dip=\(dip)"
  }

  /// Reads a line written by ``textLine`` (surrounding white space is ignored).
  ///
  /// - Throws: ``TextLineError`` naming what is wrong, for example a missing or malformed field, a value
  ///   that is not finite or beyond any magnetometer's range, or a correction that cannot be inverted.
  public init(textLine: String) throws(TextLineError) {
    let words = textLine.split(whereSeparator: { $0 == " " || $0 == "\t" || $0.isNewline })
    guard words.first.map(String.init) == Self.lineTag else { throw .notACalibration }
    guard words.count > 1, words[1] == "1" else { throw .unsupportedVersion }
    var values: [Field: Substring] = [:]
    for word in words.dropFirst(2) {
      guard let equals = word.firstIndex(of: "="),
        let field = Field(rawValue: String(word[..<equals]))
      else { throw .unknownField }
      values[field] = word[word.index(after: equals)...]
    }
    func numbers(_ field: Field, count: Int) throws(TextLineError) -> [Double] {
      guard let text = values[field] else { throw .missingField(field) }
      let parts = text.split(separator: ",", omittingEmptySubsequences: false)
      guard parts.count == count else { throw .malformedField(field) }
      var result = [Double]()
      for part in parts {
        guard let value = Double(part) else { throw .malformedField(field) }
        guard value.isFinite else { throw .notFinite(field) }
        result.append(value)
      }
      return result
    }
    guard let accuracyText = values[.accuracy] else { throw .missingField(.accuracy) }
    guard let accuracy = Self.accuracy(named: accuracyText) else {
      throw .malformedField(.accuracy)
    }
    let b = try numbers(.hardIron, count: 3)
    let k = try numbers(.softIronCorrection, count: 9)
    let strength = try numbers(.fieldStrength, count: 1)[0]
    let dip = try numbers(.dip, count: 1)[0]
    guard b.allSatisfy({ abs($0) <= Self.largestHardIron }) else { throw .outOfRange(.hardIron) }
    guard k.allSatisfy({ abs($0) <= Self.largestCorrection }) else {
      throw .outOfRange(.softIronCorrection)
    }
    guard strength >= 0, strength <= Self.largestHardIron else { throw .outOfRange(.fieldStrength) }
    guard abs(dip) <= 90 else { throw .outOfRange(.dip) }
    let rows = Rows(
      x: SIMD3(k[0], k[1], k[2]), y: SIMD3(k[3], k[4], k[5]), z: SIMD3(k[6], k[7], k[8]))
    guard Matrix3(rows).inverse != nil else { throw .singularCorrection }
    self.init(
      hardIron: SIMD3(b[0], b[1], b[2]), softIronCorrection: rows, accuracy: accuracy,
      fieldStrength: strength, dip: dip)
  }

  /// A field of the text line.
  public enum Field: String, Sendable, Hashable, CaseIterable {
    /// `accuracy=`: `uncalibrated`, `low`, `medium` or `high`.
    case accuracy
    /// `b=`: the hard iron, three numbers in µT.
    case hardIron = "b"
    /// `k=`: the soft-iron correction, nine numbers by rows.
    case softIronCorrection = "k"
    /// `strength=`: the field strength in µT.
    case fieldStrength = "strength"
    /// `dip=`: the dip in degrees.
    case dip
  }

  /// Why a text line is not a calibration.
  public enum TextLineError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The line does not start with `magnetometer-calibration`.
    case notACalibration
    /// The format version after the tag is missing or not 1.
    case unsupportedVersion
    /// A word is not `name=value` with a known name.
    case unknownField
    /// A required field is missing.
    case missingField(Field)
    /// A field has the wrong number of values or one is not a number.
    case malformedField(Field)
    /// A value is NaN or infinite.
    case notFinite(Field)
    /// A value is beyond any magnetometer's range (10 mT), a correction entry beyond ±100, or a dip
    /// beyond ±90°.
    case outOfRange(Field)
    /// The soft-iron correction cannot be inverted.
    case singularCorrection

    /// A sentence a person can act on.
    public var description: String {
      switch self {
      case .notACalibration:
        return "not a magnetometer calibration: the line must start with \(lineTag)"
      case .unsupportedVersion: return "unsupported calibration format: expected version 1"
      case .unknownField:
        return "unknown word in the calibration line: expected accuracy=, b=, k=, strength=, dip="
      case .missingField(let field): return "the calibration line has no \(field.rawValue)= field"
      case .malformedField(let field):
        return "the calibration line's \(field.rawValue)= field is malformed"
      case .notFinite(let field):
        return "the calibration line's \(field.rawValue)= field is not finite"
      case .outOfRange(let field):
        return "the calibration line's \(field.rawValue)= field is out of range"
      case .singularCorrection: return "the calibration's soft-iron correction is singular"
      }
    }
  }

  static let lineTag = "magnetometer-calibration"
  /// The largest hard iron or field strength accepted, in µT (the filter's field limit).
  static let largestHardIron = 10_000.0
  /// The largest soft-iron correction entry accepted.
  static let largestCorrection = 100.0

  static func accuracyName(_ accuracy: DeviceMotion.MagneticFieldCalibrationAccuracy) -> String {
    switch accuracy {
    case .uncalibrated: return "uncalibrated"
    case .low: return "low"
    case .medium: return "medium"
    case .high: return "high"
    }
  }

  static func accuracy(named name: Substring) -> DeviceMotion.MagneticFieldCalibrationAccuracy? {
    switch name {
    case "uncalibrated": return .uncalibrated
    case "low": return .low
    case "medium": return .medium
    case "high": return .high
    default: return nil
    }
  }
}

extension Matrix3 {
  /// The matrix of a calibration's rows.
  init(_ rows: MagnetometerCalibration.Rows) {
    self.init(r0: rows.x, r1: rows.y, r2: rows.z)
  }
}
