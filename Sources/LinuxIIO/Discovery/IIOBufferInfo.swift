/// A device's buffer, present when the device can stream scans through its character device.
public struct IIOBufferInfo: Hashable, Sendable {
  /// The sysfs directory with `enable`, `length` and `watermark` (`buffer/` or `buffer0/`).
  public var directory: String
  /// Capacity of the kernel buffer, in scans, at discovery.
  public var length: Int?
  /// Scans the kernel waits for before waking a reader, at discovery (nil on old kernels).
  public var watermark: Int?
  /// Whether the buffer was already enabled at discovery (someone else may be reading).
  public var isEnabled: Bool

  /// Creates a buffer description.
  public init(directory: String, length: Int?, watermark: Int?, isEnabled: Bool) {
    self.directory = directory
    self.length = length
    self.watermark = watermark
    self.isEnabled = isEnabled
  }
}
