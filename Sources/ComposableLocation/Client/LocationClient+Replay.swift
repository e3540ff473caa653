#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

extension LocationClient {
  /// A client that plays a `gpspipe -w` JSON Lines capture instead of talking to gpsd.
  ///
  /// Each manager that starts updates plays the capture from the beginning, decoded with the
  /// GPSD decoder, waiting between fixes as long as the receiver did (at most `maximumGap`) on
  /// `clock`: pass a test clock to drive it, or `ContinuousClock()` for real time. Malformed
  /// lines become ``LocationEvent/failed(_:)`` and the replay goes on; at the end the manager
  /// receives ``ServiceState/ended``. Authorization is granted when the file can be read.
  ///
  /// - Parameters:
  ///   - path: the capture, e.g. recorded with `gpspipe -w > drive.jsonl`. It is read a line at
  ///     a time (lines up to 64 KiB), so its size does not matter. Apps using Foundation can pass
  ///     a `URL` through the ComposableSensorsFoundation module.
  ///   - configuration: timeouts and monitoring thresholds (the gpsd address is unused).
  ///   - clock: paces the replay and times out ``requestLocation``.
  ///   - maximumGap: the longest wait between two fixes.
  public static func replay(
    contentsOf path: String,
    configuration: Configuration = Configuration(),
    clock: any Clock<Duration> = ContinuousClock(),
    maximumGap: Duration = .seconds(2)
  ) -> LocationClient {
    let feed = LocationFeed(
      open: { replayStream(ReplayCursor(path: path, clock: clock, maximumGap: maximumGap)) },
      probe: {
        if let error = ReplayCursor.unreadable(path: path) {
          .unavailable(error)
        } else {
          .authorized(release: nil)
        }
      }
    )
    return .engine(LocationEngine(feed: feed, configuration: configuration, clock: clock))
  }

  /// A client that plays a capture held in memory (`gpspipe -w` lines); see
  /// ``replay(contentsOf:configuration:clock:maximumGap:)``.
  public static func replay(
    capture: [UInt8],
    configuration: Configuration = Configuration(),
    clock: any Clock<Duration> = ContinuousClock(),
    maximumGap: Duration = .seconds(2)
  ) -> LocationClient {
    let feed = LocationFeed(
      open: { replayStream(ReplayCursor(capture: capture, clock: clock, maximumGap: maximumGap)) },
      probe: { .authorized(release: nil) }
    )
    return .engine(LocationEngine(feed: feed, configuration: configuration, clock: clock))
  }

  /// A replay is pulled one input at a time, and its events wait for room in the manager's
  /// stream, so it never drops.
  private static func replayStream(_ cursor: ReplayCursor) -> FeedStream {
    FeedStream(
      inputs: AsyncStream(unfolding: { await cursor.next() }), dropped: { 0 },
      waitsForConsumer: true)
  }
}
