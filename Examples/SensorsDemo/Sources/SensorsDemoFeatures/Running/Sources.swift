import ComposableLocation
import ComposableMotion
import Foundation
import LinuxIIO

/// Builds the clients a command reads from: the bundled recordings, a user's recording, or the
/// live sensors and gpsd, each with a sentence saying what it is.
public enum Sources {
  /// A client and the words that describe where its data comes from.
  public struct Source<Client: Sendable>: Sendable {
    /// The client.
    public var client: Client
    /// For example "replaying the bundled IMU recording".
    public var description: String
    /// Whether the data is a recording (so it can loop on a terminal).
    public var isReplay: Bool
  }

  /// The bundled IMU recording: 20 s of BROAD trial 02 (see Resources/README.md).
  public static var bundledIMURecording: URL? {
    Bundle.module.url(
      forResource: "broad-02-excerpt", withExtension: "csv", subdirectory: "Resources")
  }

  /// The bundled gpsd capture: gpsd's haicom-305N regression log as a client saw it.
  public static var bundledGPSDCapture: URL? {
    Bundle.module.url(
      forResource: "haicom-305N.gpsd-3.22", withExtension: "jsonl", subdirectory: "Resources")
  }

  /// The motion client a motion command asked for.
  public static func motion(_ arguments: DemoArguments, clock: any Clock<Duration>) -> Result<
    Source<MotionClient>, SourceError
  > {
    if let path = arguments.replay ?? arguments.replayIMU {
      return replayMotion(URL(fileURLWithPath: path), name: path, clock: clock)
    }
    let wantsLive = arguments.live || arguments.iioRoot != nil
    if arguments.bundled || (arguments.command == .dashboard && !wantsLive) {
      guard let url = bundledIMURecording else {
        return .failure(.missingResource("broad-02-excerpt.csv"))
      }
      return replayMotion(url, name: "the bundled IMU recording", clock: clock)
    }
    return liveMotion(root: arguments.iioRoot ?? IIOSystem.defaultRoot, mode: arguments.mode)
  }

  /// The location client a location command asked for.
  public static func location(_ arguments: DemoArguments, clock: any Clock<Duration>) -> Result<
    Source<LocationClient>, SourceError
  > {
    let capture = arguments.command == .location ? arguments.replay : arguments.replayGPSD
    if let path = capture {
      let url = URL(fileURLWithPath: path)
      guard FileManager.default.isReadableFile(atPath: url.path) else {
        return .failure(.unreadable(path: path))
      }
      return .success(
        Source(
          client: .replay(contentsOf: url, clock: clock), description: "replaying \(path)",
          isReplay: true))
    }
    let wantsLive = arguments.live || arguments.gpsd != nil
    if arguments.bundled || (arguments.command == .dashboard && !wantsLive) {
      guard let url = bundledGPSDCapture else {
        return .failure(.missingResource("haicom-305N.gpsd-3.22.jsonl"))
      }
      return .success(
        Source(
          client: .replay(contentsOf: url, clock: clock),
          description: "replaying the bundled gpsd capture", isReplay: true))
    }
    return liveLocation(arguments.gpsd)
  }

  private static func replayMotion(_ url: URL, name: String, clock: any Clock<Duration>) -> Result<
    Source<MotionClient>, SourceError
  > {
    do {
      let recording = try IMURecording(contentsOf: url)
      let client = MotionClient.replay(recording: recording, clock: clock, name: name)
      return .success(Source(client: client, description: "replaying \(name)", isReplay: true))
    } catch {
      return .failure(.badRecording(path: url.path, reason: error.description))
    }
  }
}
