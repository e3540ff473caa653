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

  private(set) var known: [Key: IIODevice]
  private(set) var phase = Phase.idle

  init(known: [IIODevice]) {
    self.known = Dictionary(known.map { (Key($0), $0) }, uniquingKeysWith: { _, last in last })
  }

  /// A directory changed: the next quiet spell ends in a look.
  mutating func noticed() {
    phase = .settling
  }

  /// The result of a look: what vanished (in index order), then what appeared.
  mutating func looked(at devices: [IIODevice]) -> [IIODeviceChange] {
    phase = .idle
    var current: [Key: IIODevice] = [:]
    for device in devices { current[Key(device)] = device }
    let removed = known.filter { current[$0.key] == nil }.values.sorted { $0.index < $1.index }
    let added = current.filter { known[$0.key] == nil }.values.sorted { $0.index < $1.index }
    known = current
    return removed.map(IIODeviceChange.removed) + added.map(IIODeviceChange.added)
  }
}
