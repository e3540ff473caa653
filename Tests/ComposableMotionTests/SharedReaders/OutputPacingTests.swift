import Testing

@testable import ComposableMotion

/// Thinning by timestamps, for readers that run at their own rate (buffered devices, replays).
@Suite struct OutputPacingTests {
  func passed(_ times: [Double], period: Double) -> [Double] {
    var nextDue: Double?
    return times.filter { OutputPacing.isDue($0, period: period, nextDue: &nextDue) }
  }

  @Test func aReaderAtThePeriodPassesEverySampleDespiteJitter() {
    let jittery = [0, 0.0102, 0.0197, 0.0301, 0.0399, 0.0502]
    #expect(passed(jittery, period: 0.01) == jittery)
  }

  @Test func aFasterReaderIsThinnedToThePeriodOnAverage() {
    let recording = (0..<286).map { Double($0) * 0.0035 }  // 285.7 Hz for one second
    let kept = passed(recording, period: 0.01)
    #expect((100...101).contains(kept.count))
    let gaps = zip(kept, kept.dropFirst()).map { $1 - $0 }
    #expect(gaps.allSatisfy { $0 > 0.005 }, "never two samples within half a period")
  }

  @Test func aGapReanchorsTheGridInsteadOfBursting() {
    let kept = passed([0, 0.01, 0.5, 0.501, 0.505, 0.51], period: 0.01)
    #expect(kept == [0, 0.01, 0.5, 0.51])
  }
}
