/// A channel's place in buffered scans, from the `scan_elements/` (or `buffer0/`) directory.
public struct IIOScanElement: Hashable, Sendable {
  /// Position in the scan: enabled elements appear in increasing index order (`_index`).
  public var index: Int
  /// How the element is stored (`_type`).
  public var type: IIOScanType
  /// Whether the element was enabled when the device was discovered (`_en`).
  public var isEnabled: Bool
  /// The sysfs directory holding `_en`, `_index` and `_type`, for example
  /// `/sys/bus/iio/devices/iio:device0/scan_elements`.
  public var directory: String

  /// Creates a scan element description.
  public init(index: Int, type: IIOScanType, isEnabled: Bool, directory: String) {
    self.index = index
    self.type = type
    self.isEnabled = isEnabled
    self.directory = directory
  }
}
