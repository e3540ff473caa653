import LinuxIIO

/// Which IIO devices the live client may use, for boards with more than one IMU (a robot's
/// body and head, a convertible's lid and base).
///
/// Among the devices a selection accepts, the client picks per sensor as usual (a device that
/// can stream first, then the lowest index); ``MotionDeviceRouting`` says what it chose.
///
/// ```swift
/// let head = MotionClient.live(devices: .labeled("head-imu"))
/// let base = MotionClient.live(devices: .named("bmi160").or(.location(containing: "i2c-1")))
/// ```
public struct MotionDeviceSelection: Sendable {
  /// Whether the client may use `device`.
  public let accepts: @Sendable (IIODevice) -> Bool

  /// A selection from a predicate over the discovered device.
  public init(_ accepts: @escaping @Sendable (IIODevice) -> Bool) {
    self.accepts = accepts
  }

  /// Every device (the default).
  public static let any = MotionDeviceSelection { _ in true }

  /// Devices whose driver `name` or firmware `label` is `name`.
  public static func named(_ name: String) -> MotionDeviceSelection {
    MotionDeviceSelection { $0.name == name || $0.label == name }
  }

  /// Devices whose firmware `label` (device tree or ACPI) is `label`.
  public static func labeled(_ label: String) -> MotionDeviceSelection {
    MotionDeviceSelection { $0.label == label }
  }

  /// The device `iio:deviceN`.
  public static func index(_ index: Int) -> MotionDeviceSelection {
    MotionDeviceSelection { $0.index == index }
  }

  /// Devices whose sysfs location (the directory the `iio:deviceN` entry resolves to, such as
  /// `/sys/devices/platform/soc/…/i2c-1/1-0068/iio:device0`) contains `text`: the bus and
  /// address tell two identical chips apart.
  public static func location(containing text: String) -> MotionDeviceSelection {
    MotionDeviceSelection { $0.resolvedLocation().utf8Contains(text) }
  }

  /// Devices either selection accepts.
  public func or(_ other: MotionDeviceSelection) -> MotionDeviceSelection {
    MotionDeviceSelection { self.accepts($0) || other.accepts($0) }
  }
}
