import DBus
import Testing

@testable import ComposableLocation

/// ``LocationClient/live(configuration:clock:)``'s choice between gpsd and GeoClue.
@Suite struct AutomaticFeedTests {
  static func feed(_ probe: ProbeResult, inputs: [FeedInput]) -> LocationFeed {
    LocationFeed(
      open: {
        let (stream, continuation) = AsyncStream.makeStream(of: FeedInput.self)
        for input in inputs { continuation.yield(input) }
        continuation.finish()
        return FeedStream(inputs: stream, dropped: { 0 })
      },
      probe: { probe })
  }

  static func collect(_ feed: FeedStream) async -> [FeedInput] {
    var all: [FeedInput] = []
    for await input in feed.inputs { all.append(input) }
    return all
  }

  static let gpsdDown = ProbeResult.unavailable(.accessDenied(address: "127.0.0.1:2947"))

  @Test func gpsdAnsweringIsChosenAndSaysSo() async {
    let feed = AutomaticFeed.make(
      gpsd: Self.feed(
        .authorized(release: "3.22"), inputs: [.service(.connected(release: "3.22"))]),
      geoClue: Self.feed(.authorized(release: nil), inputs: []), gpsdAddress: "127.0.0.1:2947")
    #expect(await feed.probe() == .authorized(release: "3.22"))
    #expect(
      await Self.collect(feed.open()) == [
        .service(.connected(release: "3.22")), .service(.source(.gpsd(address: "127.0.0.1:2947"))),
      ])
  }

  @Test func geoClueIsChosenWhenGpsdDoesNotAnswer() async {
    let geoClueInputs: [FeedInput] = [
      .service(.connected(release: nil)), .service(.source(.geoClue(bus: "unix:path=/b"))),
    ]
    let feed = AutomaticFeed.make(
      gpsd: Self.feed(Self.gpsdDown, inputs: []),
      geoClue: Self.feed(.authorized(release: nil), inputs: geoClueInputs),
      gpsdAddress: "127.0.0.1:2947")
    #expect(await feed.probe() == .authorized(release: nil))
    #expect(await Self.collect(feed.open()) == geoClueInputs)
  }

  @Test func aGeoClueRefusalIsReportedOverAMissingGpsd() async {
    let refusal = ProbeResult.denied(
      .geoClueDenied(.remote(name: DBusError.accessDeniedName, message: "agent said no")))
    let feed = AutomaticFeed.make(
      gpsd: Self.feed(Self.gpsdDown, inputs: []), geoClue: Self.feed(refusal, inputs: []),
      gpsdAddress: "127.0.0.1:2947")
    #expect(await feed.probe() == refusal)
  }

  @Test func withNeitherGpsdsAnswerIsReported() async {
    let feed = AutomaticFeed.make(
      gpsd: Self.feed(Self.gpsdDown, inputs: []),
      geoClue: Self.feed(.unavailable(.replayFinished), inputs: []), gpsdAddress: "127.0.0.1:2947")
    #expect(await feed.probe() == Self.gpsdDown)
  }
}
