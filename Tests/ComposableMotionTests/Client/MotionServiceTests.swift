import Testing

@testable import ComposableMotion

/// Raw sensors and the services a manager runs: each raw sensor is a service of its own, device
/// motion is the one service no sensor measures.
@Suite struct MotionServiceTests {
  @Test(arguments: MotionSensor.allCases)
  func eachRawSensorIsTheServiceOfTheSameName(_ sensor: MotionSensor) {
    let service = MotionService(sensor)
    #expect(service.sensor == sensor)
    #expect(service.rawValue == sensor.rawValue)
  }

  @Test func deviceMotionIsTheOnlyServiceWithoutARawSensor() {
    #expect(MotionService.allCases.filter { $0.sensor == nil } == [.deviceMotion])
    #expect(
      MotionSensor.allCases.map(MotionService.init) == [.accelerometer, .gyro, .magnetometer])
  }

  @Test func deviceMotionIsAServiceNameNotASensorName() {
    #expect(MotionService(rawValue: "deviceMotion") == .deviceMotion)
    #expect(MotionSensor(rawValue: "deviceMotion") == nil)
  }
}
