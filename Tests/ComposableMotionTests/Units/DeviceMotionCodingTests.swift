import Foundation
import Testing

@testable import ComposableMotion

/// `DeviceMotion` round-trips through JSON with its heading accuracy, and a value encoded before
/// `headingAccuracy` existed still decodes (as −1, not valid).
@Suite struct DeviceMotionCodingTests {
  @Test func headingAccuracyRoundTripsThroughJSON() throws {
    let motion = DeviceMotion.test(heading: 87.5, headingAccuracy: 4.25, timestamp: 3)
    let decoded = try JSONDecoder().decode(DeviceMotion.self, from: JSONEncoder().encode(motion))
    #expect(decoded == motion)
    #expect(decoded.headingAccuracy == 4.25)
  }

  @Test func aValueEncodedWithoutHeadingAccuracyDecodesAsNotValid() throws {
    let motion = DeviceMotion.test(heading: 12, timestamp: 1)
    var object = try #require(
      try JSONSerialization.jsonObject(with: JSONEncoder().encode(motion)) as? [String: Any])
    object["headingAccuracy"] = nil
    let decoded = try JSONDecoder().decode(
      DeviceMotion.self, from: JSONSerialization.data(withJSONObject: object))
    #expect(decoded.headingAccuracy == -1)
    #expect(decoded.heading == 12)
  }

  @Test func theDefaultInitializerSaysTheHeadingAccuracyIsNotValid() {
    #expect(DeviceMotion.test().headingAccuracy < 0)
  }
}
