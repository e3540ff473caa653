import SensorsCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

extension GPSDConnection {
  /// Where gpsd is and how to talk to it.
  public struct Configuration: Sendable, Hashable {
    /// gpsd's host name or address; default `127.0.0.1`.
    public var host: String
    /// gpsd's TCP port; default 2947.
    public var port: UInt16
    /// The request sent after every (re)connect. The default asks for JSON reports from every device.
    public var watchCommand: String
    /// How to retry after refusals and disconnects.
    public var reconnect: ReconnectPolicy
    /// Silence after which a ``State/stale(silentFor:)`` is reported; `nil` disables the check.
    /// Measured on the injected clock; reported this long after the last line gpsd sent.
    public var staleTimeout: Duration?
    /// Longest wait for a TCP connection to open, on the system clock (a socket-level timeout).
    public var connectTimeout: Duration
    /// Longest accepted line, bytes (at least 10240).
    public var maximumLineLength: Int
    /// Events buffered for a slow consumer; beyond this the oldest are dropped and counted
    /// in ``GPSDConnection/droppedEventCount``.
    public var eventBufferSize: Int

    /// The default WATCH request: JSON reports from every device.
    public static let defaultWatchCommand = #"?WATCH={"enable":true,"json":true};"#

    /// Creates a configuration; every parameter has gpsd's usual default.
    public init(
      host: String = "127.0.0.1", port: UInt16 = 2947, watchCommand: String = defaultWatchCommand,
      reconnect: ReconnectPolicy = ReconnectPolicy(), staleTimeout: Duration? = .seconds(5),
      connectTimeout: Duration = .seconds(5),
      maximumLineLength: Int = GPSDLineFramer.defaultMaximumLineLength,
      eventBufferSize: Int = 1024
    ) {
      self.host = host
      self.port = port
      self.watchCommand = watchCommand
      self.reconnect = reconnect
      self.staleTimeout = staleTimeout
      self.connectTimeout = connectTimeout
      self.maximumLineLength = maximumLineLength
      self.eventBufferSize = max(1, eventBufferSize)
    }

    /// The default configuration with `GPSD_HOST` and `GPSD_PORT` from this process's
    /// environment applied, the convention gpsd's own clients follow.
    public static func fromEnvironment() -> Configuration {
      fromEnvironment(ProcessEnvironment.variables)
    }

    /// The default configuration with `GPSD_HOST` and `GPSD_PORT` from `environment` applied,
    /// the convention gpsd's own clients follow. An unparsable `GPSD_PORT` is ignored.
    public static func fromEnvironment(_ environment: [String: String]) -> Configuration {
      var configuration = Configuration()
      if let host = environment["GPSD_HOST"], !host.isEmpty { configuration.host = host }
      if let text = environment["GPSD_PORT"], let port = UInt16(text), port > 0 {
        configuration.port = port
      }
      return configuration
    }
  }
}
