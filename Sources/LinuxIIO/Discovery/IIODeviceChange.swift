/// A device appearing under, or vanishing from, an IIO root while an ``IIODeviceWatcher``
/// watches it.
public enum IIODeviceChange: Hashable, Sendable {
  /// A device that can be read appeared (plugged in, its driver bound, or it became readable).
  case added(IIODevice)
  /// A device seen before is gone (unplugged or its driver unbound); the value is the
  /// description from when it was last seen.
  case removed(IIODevice)

  /// The device that appeared or vanished.
  public var device: IIODevice {
    switch self {
    case .added(let device), .removed(let device): return device
    }
  }
}
