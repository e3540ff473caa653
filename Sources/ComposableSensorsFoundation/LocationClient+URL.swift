public import ComposableLocation

#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

extension LocationClient {
  /// A client that plays the `gpspipe -w` capture at `url` (a file URL); see
  /// ``ComposableLocation/LocationClient/replay(contentsOf:configuration:clock:maximumGap:)``,
  /// which takes a path and keeps Foundation out of apps that don't need it.
  ///
  /// - Parameters:
  ///   - url: a `file:` URL of the capture.
  ///   - configuration: timeouts and monitoring thresholds (the gpsd address is unused).
  ///   - clock: paces the replay and times out `requestLocation`.
  ///   - maximumGap: the longest wait between two fixes.
  public static func replay(
    contentsOf url: URL,
    configuration: Configuration = Configuration(),
    clock: any Clock<Duration> = ContinuousClock(),
    maximumGap: Duration = .seconds(2)
  ) -> LocationClient {
    replay(
      contentsOf: url.path, configuration: configuration, clock: clock, maximumGap: maximumGap)
  }

  /// A client that plays a capture held in memory (`gpspipe -w` lines).
  ///
  /// - Parameters:
  ///   - capture: the capture's bytes.
  ///   - configuration: timeouts and monitoring thresholds (the gpsd address is unused).
  ///   - clock: paces the replay and times out `requestLocation`.
  ///   - maximumGap: the longest wait between two fixes.
  public static func replay(
    capture: Data,
    configuration: Configuration = Configuration(),
    clock: any Clock<Duration> = ContinuousClock(),
    maximumGap: Duration = .seconds(2)
  ) -> LocationClient {
    replay(
      capture: Array(capture), configuration: configuration, clock: clock,
      maximumGap: maximumGap)
  }
}
