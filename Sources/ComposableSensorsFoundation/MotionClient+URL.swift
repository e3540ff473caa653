public import ComposableMotion

#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

extension MotionClient {
  /// A client that plays the IMU recording at `url` (a file URL) as it reads it; see
  /// ``ComposableMotion/MotionClient/replay(contentsOf:clock:bufferLimit:lookAhead:maximumLineLength:magneticDeclination:name:)``,
  /// which takes a path and keeps Foundation out of apps that don't need it.
  ///
  /// - Parameters:
  ///   - url: a `file:` URL of the CSV.
  ///   - clock: paces the rows (a `TestClock` in tests, `ContinuousClock()` for real time).
  ///   - bufferLimit: samples each stream holds for a slow consumer before the replay waits.
  ///   - lookAhead: rows parsed ahead of the clock at most (at least 1).
  ///   - magneticDeclination: degrees east, enabling true north.
  ///   - name: how errors name the source; the path when nil.
  public static func replay(
    contentsOf url: URL,
    clock: any Clock<Duration> = ContinuousClock(),
    bufferLimit: Int = 256,
    lookAhead: Int = 256,
    magneticDeclination: Double? = nil,
    name: String? = nil
  ) throws(IMURecordingError) -> MotionClient {
    try replay(
      contentsOf: url.path, clock: clock, bufferLimit: bufferLimit, lookAhead: lookAhead,
      magneticDeclination: magneticDeclination, name: name)
  }
}
