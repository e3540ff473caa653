/// The state behind an ``IIODeviceWatcher``: the devices known so far, and whether a burst of
/// directory changes is settling before the next look. Pure, so a test drives it directly.
///
/// A device is the same device while its directory name, driver name and label stay the same:
/// its attributes (a buffer a reader enables, a sampling frequency) may change without it
/// being unplugged.
struct DeviceSetTracker: Sendable {
  struct Key: Hashable, Sendable {
    var id: String
    var name: String
    var label: String?

    init(_ device: IIODevice) {
      id = device.id
      name = device.name
      label = device.label
    }
  }

  enum Phase: Equatable, Sendable {
    /// Nothing changed since the last look.
    case idle
    /// Something changed; look once the directories have been quiet for the settle time.
    case settling
  }

  /// How many looks in a row may find a device unreadable before the tracker stops looking
  /// again on its own (a device being set up reads cleanly within a few settle times).
  static let retriesForUnreadable = 10

  private(set) var known: [Key: IIODevice]
  private(set) var phase = Phase.idle
  private var retries = 0

  init(known: [IIODevice]) {
    self.known = Dictionary(known.map { (Key($0), $0) }, uniquingKeysWith: { _, last in last })
  }

  /// A directory changed: the next quiet spell ends in a look.
  mutating func noticed() {
    phase = .settling
  }

  /// The result of a look: what vanished (in index order), then what appeared.
  ///
  /// A device whose directory is still there but could not be read (`unreadable`: its
  /// attributes being written as it was looked at) has not vanished: it keeps its place, and
  /// the tracker looks again after the next quiet spell, a bounded number of times.
  mutating func looked(
    at devices: [IIODevice], unreadable: Set<String> = []
  ) -> [IIODeviceChange] {
    if unreadable.isEmpty || retries >= Self.retriesForUnreadable {
      phase = .idle
      retries = 0
    } else {
      phase = .settling
      retries += 1
    }
    var current: [Key: IIODevice] = [:]
    for device in devices { current[Key(device)] = device }
    for (key, device) in known where unreadable.contains(key.id) && current[key] == nil {
      current[key] = device
    }
    let removed = known.filter { current[$0.key] == nil }.values.sorted { $0.index < $1.index }
    let added = current.filter { known[$0.key] == nil }.values.sorted { $0.index < $1.index }
    known = current
    return removed.map(IIODeviceChange.removed) + added.map(IIODeviceChange.added)
  }
}
