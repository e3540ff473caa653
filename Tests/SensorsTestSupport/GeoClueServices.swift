import Foundation

/// Real geoclue 2.6 on a ``PrivateBus``, fed NMEA through its unix-socket source, with its demo
/// agent: everything a GeoClue client test needs, stopped together by ``stop()``.
public final class GeoClueServices: Sendable {
  /// The geoclue daemon.
  public static let daemon = "/usr/libexec/geoclue"
  /// geoclue's demo agent, which grants access to every app.
  public static let agent = "/usr/libexec/geoclue-2.0/demos/agent"
  /// What to install when geoclue is missing.
  public static let skipMessage =
    "install geoclue-2.0 and dbus-daemon: apt-get install geoclue-2.0 dbus-daemon"

  /// Whether dbus-daemon, geoclue and its demo agent are installed.
  public static var isInstalled: Bool {
    PrivateBus.isInstalled && FileManager.default.isExecutableFile(atPath: daemon)
      && FileManager.default.isExecutableFile(atPath: agent)
  }

  /// The private bus geoclue runs on.
  public let bus: PrivateBus
  /// The NMEA server geoclue reads.
  public let nmea: NMEASocketServer
  /// The geoclue process (stop it to see a client notice GeoClue leave the bus).
  public let geoclue: SpawnedProcess

  private init(bus: PrivateBus, nmea: NMEASocketServer, geoclue: SpawnedProcess) {
    self.bus = bus
    self.nmea = nmea
    self.geoclue = geoclue
  }

  /// Starts the bus, the NMEA server (serving `sentences`), geoclue (`-t 0`: never exit when
  /// idle) and, when `agent` is true, the demo agent. geoclue may still be registering its name
  /// when this returns: wait for it on the bus (`NameOwnerChanged`).
  public static func start(sentences: [String], agent: Bool = true) throws -> GeoClueServices {
    let bus = try PrivateBus.start()
    do {
      let nmea = try NMEASocketServer.start(
        path: bus.directory.appendingPathComponent("nmea.sock").path, sentences: sentences)
      let geoclue = try bus.launch([daemon, "-t", "0", "-u", nmea.path])
      let services = GeoClueServices(bus: bus, nmea: nmea, geoclue: geoclue)
      if agent { try bus.launch([Self.agent]) }
      return services
    } catch {
      bus.stop()
      throw error
    }
  }

  /// Stops everything and removes the bus's directory.
  public func stop() {
    nmea.stop()
    bus.stop()
  }
}
