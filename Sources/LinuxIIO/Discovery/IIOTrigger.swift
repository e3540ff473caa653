/// An IIO trigger (`triggerN` under the discovery root): what tells a buffered device to
/// capture a scan. Devices with their own data-ready interrupt usually register one named
/// `<device name>-dev<N>`.
public struct IIOTrigger: Hashable, Sendable, Identifiable {
  /// The trigger's number, N in `triggerN`.
  public var index: Int
  /// The trigger's `name`, the text written to a device's `trigger/current_trigger`.
  public var name: String
  /// The trigger's sysfs directory.
  public var path: String

  /// The sysfs directory name, `triggerN`.
  public var id: String { "trigger\(index)" }

  /// Creates a trigger description.
  public init(index: Int, name: String, path: String) {
    self.index = index
    self.name = name
    self.path = path
  }
}
