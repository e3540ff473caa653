#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Everything that can go wrong while discovering or reading Linux IIO devices.
///
/// Every case carries the sysfs or device path involved, and ``description`` is a sentence a
/// person can act on (what failed, where, and what to do about it). Readers finish their sample
/// stream with one of these; they never trap.
public enum IIOError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The discovery root (normally `/sys/bus/iio/devices`) does not exist or is not a directory.
  case rootNotFound(path: String)
  /// No device under the root matched what was asked for.
  case deviceNotFound(description: String, root: String)
  /// The device has no channel with this identifier.
  case channelNotFound(channel: IIOChannelID, device: String)
  /// A sysfs attribute the operation needs is absent.
  case attributeMissing(path: String)
  /// A sysfs attribute held text that does not parse as the ABI says it should.
  case malformedAttribute(path: String, value: String, expected: String)
  /// A scan element's `_type` attribute is not of the form `[be|le]:[s|u]bits/storagebitsXrepeat>>shift`,
  /// or describes a size this library cannot demultiplex.
  case unknownScanType(path: String, value: String)
  /// The process may not open, read or write this file (`EACCES`/`EPERM`).
  case permissionDenied(path: String, operation: String)
  /// The device disappeared (`ENODEV`/`ENOENT` while open): it was unplugged or its driver unbound.
  case deviceRemoved(path: String)
  /// The device is in use: the buffer is already enabled by another process (`EBUSY`).
  case deviceBusy(path: String)
  /// Buffered reading was asked of a device that has no scan elements or no character device.
  case bufferUnsupported(device: String, reason: String)
  /// A reader was asked to read no channels at all.
  case noChannelsSelected(device: String)
  /// The requested trigger does not exist under the discovery root.
  case triggerNotFound(name: String, device: String)
  /// The driver refused a value written to an attribute (`EINVAL`), for example a sampling
  /// frequency it does not support.
  case valueRejected(path: String, value: String)
  /// Any other failing system call, with its `errno`.
  case systemCallFailed(path: String, operation: String, errno: Int32)
  /// A remote board's iiod could not be reached or answered wrongly (``IIODError`` says how).
  case remote(IIODError)

  /// A message naming what failed, where, and what to try.
  public var description: String {
    switch self {
    case .rootNotFound(let path):
      return
        "No IIO devices directory at \(path): is the kernel's IIO subsystem loaded (CONFIG_IIO) "
        + "and sysfs mounted? Pass another root to look elsewhere."
    case .deviceNotFound(let what, let root):
      return "No IIO device \(what) under \(root). Run `ls \(root)` to see what the kernel exposes."
    case .channelNotFound(let channel, let device):
      return "Device \(device) has no channel \(channel)."
    case .attributeMissing(let path):
      return "Missing sysfs attribute \(path): the driver does not provide it."
    case .malformedAttribute(let path, let value, let expected):
      return "Malformed value \(value.debugDescription) in \(path): expected \(expected)."
    case .unknownScanType(let path, let value):
      return "Unknown scan element type \(value.debugDescription) in \(path): expected "
        + "[be|le]:[s|u]BITS/STORAGEBITS[XREPEAT]>>SHIFT with storage of 8, 16, 32 or 64 bits."
    case .permissionDenied(let path, let operation):
      return "Permission denied to \(operation) \(path). Run as root, or install a udev rule that "
        + "gives your group access to IIO devices (see the LinuxIIO article \"Permissions\")."
    case .deviceRemoved(let path):
      return "The IIO device at \(path) was removed (unplugged or its driver unbound)."
    case .deviceBusy(let path):
      return "The IIO device at \(path) is busy: another process has its buffer enabled "
        + "(iio-sensor-proxy often does). Stop it or read in polling mode."
    case .bufferUnsupported(let device, let reason):
      return "Device \(device) cannot be read in buffered mode: \(reason). Use polling instead."
    case .noChannelsSelected(let device):
      return "No channels selected to read on device \(device)."
    case .triggerNotFound(let name, let device):
      return "No IIO trigger named \(name.debugDescription) for device \(device)."
    case .valueRejected(let path, let value):
      return "The driver rejected \(value.debugDescription) written to \(path) (EINVAL): "
        + "check the matching _available attribute for accepted values."
    case .systemCallFailed(let path, let operation, let errno):
      return "\(operation) \(path) failed: \(String(cString: strerror(errno))) (errno \(errno))."
    case .remote(let error):
      return error.description
    }
  }
}
