import DBus

/// How the GeoClue backend asks GeoClue2 for positions (see
/// ``LocationClient/geoClue(configuration:clock:)``).
public struct GeoClueConfiguration: Hashable, Sendable {
  /// GeoClue's accuracy levels (`GClueAccuracyLevel`): what the app asks for, and what the
  /// agent may grant.
  public enum AccuracyLevel: UInt32, Hashable, Sendable {
    /// Country level.
    case country = 1
    /// City level (Wi-Fi or IP based).
    case city = 4
    /// Neighbourhood level.
    case neighborhood = 5
    /// Street level.
    case street = 6
    /// As exact as the sources allow (GNSS).
    case exact = 8
  }

  /// The bus GeoClue runs on; nil means the system bus (`DBUS_SYSTEM_BUS_ADDRESS` where set).
  public var bus: DBusAddress?
  /// The app's desktop id (its `.desktop` file name without the suffix), which GeoClue and its
  /// agent use to decide access.
  public var desktopID: String
  /// The accuracy asked for.
  public var accuracy: AccuracyLevel
  /// Only report a new position after moving this far, metres (0: every position).
  public var distanceThreshold: UInt32
  /// Only report a new position after this long, seconds (0: every position).
  public var timeThreshold: UInt32
  /// How long a call to GeoClue may take before it counts as unanswered: creating a client
  /// waits for the agent, which may be a person answering a prompt.
  public var callTimeout: Duration

  /// Creates a configuration; by default the system bus, the id `composable-sensors`, exact accuracy
  /// and every position.
  public init(
    bus: DBusAddress? = nil, desktopID: String = "composable-sensors",
    accuracy: AccuracyLevel = .exact, distanceThreshold: UInt32 = 0, timeThreshold: UInt32 = 0,
    callTimeout: Duration = .seconds(25)
  ) {
    self.bus = bus
    self.desktopID = desktopID
    self.accuracy = accuracy
    self.distanceThreshold = distanceThreshold
    self.timeThreshold = timeThreshold
    self.callTimeout = callTimeout
  }

  /// The bus to connect to.
  func address() throws(DBusError) -> DBusAddress {
    if let bus { return bus }
    return try DBusAddress.system()
  }
}
