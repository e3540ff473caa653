/// An `ERROR` report from gpsd (carried by ``LocationError/gpsdError(_:)``): what gpsd refused,
/// classified from its text so a reducer can switch on ``kind``, with gpsd's own ``message``.
///
/// The kinds follow the replies gpsd's request handler sends (gpsd.c, `handle_gpsd_request`).
public struct GPSDErrorReport: Hashable, Sendable, CustomStringConvertible {
  /// What gpsd refused.
  public enum Kind: Hashable, Sendable {
    /// gpsd did not know a request (`Unrecognized request '…'`): a client speaking another
    /// protocol version, or something between client and gpsd rewriting lines.
    case unrecognizedRequest
    /// gpsd could not parse a `?WATCH` or `?DEVICE` request (`Invalid WATCH: …`).
    case invalidRequest
    /// A device named in a request cannot be used: `No such device as …`, `Can't assign …`,
    /// `Can't open ….`
    case deviceUnavailable
    /// A `?DEVICE` configuration gpsd cannot apply (no device or several attached, an unknown
    /// device type, or a gpsd built without reconfiguration).
    case deviceConfiguration
    /// Any other text.
    case other
  }

  /// What gpsd refused, read from ``message``.
  public let kind: Kind
  /// gpsd's text, as sent (`Unrecognized request 'WACH'`).
  public let message: String

  /// The report gpsd sent as `{"class":"ERROR","message":…}`.
  public init(message: String) {
    self.message = message
    self.kind = Self.kind(of: message)
  }

  /// gpsd's text with what to do about it, for a person.
  public var description: String {
    switch kind {
    case .unrecognizedRequest, .invalidRequest:
      "\(message) (check that gpsd speaks protocol 3, gpsd 3.x, and that nothing between it and "
        + "this client rewrites lines)"
    case .deviceUnavailable:
      "\(message) (check the device path and that gpsd lists it: `gpspipe -w -n 5`)"
    case .deviceConfiguration:
      "\(message) (name one attached device, and use a gpsd built with reconfiguration)"
    case .other:
      message
    }
  }

  private static func kind(of message: String) -> Kind {
    if message.hasPrefix("Unrecognized request") { return .unrecognizedRequest }
    if message.hasPrefix("Invalid ") { return .invalidRequest }
    let device = ["No such device", "Can't assign", "Can't open"]
    if device.contains(where: message.hasPrefix) { return .deviceUnavailable }
    let configuration = [
      "Can't perform DEVICE configuration", "No path specified in DEVICE", "Type of ",
      "Device configuration support",
    ]
    if configuration.contains(where: message.hasPrefix) { return .deviceConfiguration }
    return .other
  }
}
