import ComposableMotion
import Testing

@testable import SensorsDemoFeatures

/// `--count N` counts what a command prints: with a count, the commands that thin their piped
/// lines print one per counted value, so `--count 3` shows three.
@Suite struct CountedLinesTests {
  let sample = AccelerometerData(
    acceleration: Acceleration(x: 0, y: 0, z: -1), timestamp: 0)

  func bouncerLines(limit: Int?, samples: Int) -> Int {
    var state = BouncerFeature.State(limit: limit)
    var printed = 0
    for _ in 0..<samples {
      state.updateCount += 1
      printed += BouncerFeature.presentation.lines(.accelerometer(sample), state).count
    }
    return printed
  }

  @Test func bouncerPrintsEverySampleItCounts() {
    #expect(bouncerLines(limit: 3, samples: 3) == 3)
    #expect(bouncerLines(limit: nil, samples: 10) == 2, "without --count, every fifth sample")
  }

  @Test func recordPrintsEveryValueItCounts() {
    let update = DeviceMotion.test()
    var counted = RecordingFeature.State(limit: 3)
    var thinned = RecordingFeature.State()
    var printed = (counted: 0, thinned: 0)
    for _ in 0..<3 {
      counted.zs.append(0)
      thinned.zs.append(0)
      printed.counted += RecordingFeature.presentation.lines(.motionUpdate(update), counted).count
      printed.thinned += RecordingFeature.presentation.lines(.motionUpdate(update), thinned).count
    }
    #expect(printed.counted == 3)
    #expect(printed.thinned == 0, "without --count, one line per 25 values")
  }
}
