import ComposableLocation
import ComposableMotion
import Foundation
import LinuxIIO
import SensorsSampleData

/// Builds the clients a command reads from, with one rule for every command: the bundled
/// recordings, unless `--live`, `--iio-root`, `--gpsd` or `--replay` says otherwise; each with
/// a sentence saying what it is.
enum Sources {
  /// A client and the words that describe where its data comes from.
  struct Source<Client: Sendable>: Sendable {
    /// The client.
    var client: Client
    /// For example "the bundled IMU recording (20 s of BROAD trial 02)".
    var description: String
    /// Whether the data is a recording (so it can loop on a terminal).
    var isReplay: Bool
  }

  /// The bundled IMU recording: 20 s of BROAD trial 02, from the `SensorsSampleData` product.
  static var bundledIMURecording: URL? { existing(SampleData.imuRecordingFile) }

  /// The bundled gpsd capture: gpsd's haicom-305N regression log as a client saw it.
  static var bundledGPSDCapture: URL? { existing(SampleData.gpsdCapture) }

  private static func existing(_ url: URL) -> URL? {
    FileManager.default.fileExists(atPath: url.path) ? url : nil
  }

  /// The motion client a command asked for.
  static func motion(_ arguments: DemoArguments, clock: any Clock<Duration>) -> Result<
    Source<MotionClient>, SourceError
  > {
    do throws(SourceError) {
      if let path = arguments.replayIMU {
        return .success(try replayMotion(path, clock: clock))
      }
      if let path = arguments.replay {
        let format = try RecordingFormat.detect(path)
        if format == .imuCSV { return .success(try replayMotion(path, clock: clock)) }
        guard arguments.command == .dashboard, format == .gpsdJSON else {
          throw SourceError.wrongFormat(path: path, format: format, wanted: .imuCSV)
        }
      }
      if let iiod = arguments.iiod {
        return .success(liveMotion(iiod: iiod, mode: arguments.mode))
      }
      if arguments.readsLiveMotion {
        return liveMotion(root: arguments.iioRoot ?? IIOSystem.defaultRoot, mode: arguments.mode)
      }
      guard let url = bundledIMURecording else {
        throw SourceError.missingResource("broad-02-excerpt.csv")
      }
      return .success(
        Source(
          client: try load(url.path, clock: clock, name: "the bundled IMU recording"),
          description: "the bundled IMU recording (BROAD trial 02)",
          isReplay: true))
    } catch {
      return .failure(error)
    }
  }

  /// The location client a command asked for.
  static func location(
    _ arguments: DemoArguments, clock: any Clock<Duration>, compass: CompassSource? = nil
  ) -> Result<Source<LocationClient>, SourceError> {
    let configuration = LocationClient.Configuration(compass: compass)
    do throws(SourceError) {
      if let path = arguments.replayGPSD {
        return .success(try replayLocation(path, configuration, clock: clock))
      }
      if let path = arguments.replay {
        let format = try RecordingFormat.detect(path)
        if format == .gpsdJSON {
          return .success(try replayLocation(path, configuration, clock: clock))
        }
        guard arguments.command == .dashboard, format == .imuCSV else {
          throw SourceError.wrongFormat(path: path, format: format, wanted: .gpsdJSON)
        }
      }
      if arguments.geoclue { return .success(geoClueLocation()) }
      if arguments.readsLiveLocation {
        return .success(liveLocation(arguments.gpsd, compass: compass))
      }
      guard let url = bundledGPSDCapture else {
        throw SourceError.missingResource("haicom-305N.gpsd-3.22.jsonl")
      }
      return .success(
        Source(
          client: .replay(contentsOf: url, configuration: configuration, clock: clock),
          description: "the bundled gpsd capture (a walk near Brisbane)",
          isReplay: true))
    } catch {
      return .failure(error)
    }
  }

  private static func replayMotion(_ path: String, clock: any Clock<Duration>) throws(SourceError)
    -> Source<MotionClient>
  {
    let format = try RecordingFormat.detect(path)
    guard format == .imuCSV else {
      throw SourceError.wrongFormat(path: path, format: format, wanted: .imuCSV)
    }
    return Source(client: try load(path, clock: clock), description: path, isReplay: true)
  }

  private static func replayLocation(
    _ path: String, _ configuration: LocationClient.Configuration, clock: any Clock<Duration>
  ) throws(SourceError) -> Source<LocationClient> {
    let format = try RecordingFormat.detect(path)
    guard format == .gpsdJSON else {
      throw SourceError.wrongFormat(path: path, format: format, wanted: .gpsdJSON)
    }
    return Source(
      client: .replay(
        contentsOf: URL(fileURLWithPath: path), configuration: configuration, clock: clock),
      description: path, isReplay: true)
  }

  /// A replay that reads the recording as it plays (memory independent of the file's size): a
  /// bad header or first row fails here, a bad row further on ends the streams with its error.
  private static func load(_ path: String, clock: any Clock<Duration>, name: String? = nil)
    throws(SourceError) -> MotionClient
  {
    do {
      return try MotionClient.replay(contentsOf: path, clock: clock, name: name)
    } catch {
      throw SourceError.badRecording(path: path, reason: error.description)
    }
  }
}
