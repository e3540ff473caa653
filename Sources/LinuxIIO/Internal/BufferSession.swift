/// Sets a device's buffer up for reading and puts everything back afterwards.
///
/// Start order, as the kernel requires (the buffer must be off while scan elements, trigger,
/// length and watermark change): scan elements, trigger, length, watermark, timestamp clock,
/// then `buffer/enable`. `restore()` runs the reverse: disable the buffer first, then return
/// each setting to what it was, so the device is left as found even after an error.
struct BufferSession {
  private struct Change {
    var path: String
    var previous: String
  }

  let device: IIODevice
  let bufferDirectory: String
  private var changes: [Change] = []
  private var enabled = false

  init(device: IIODevice) throws(IIOError) {
    guard let buffer = device.buffer else {
      throw .bufferUnsupported(device: device.name, reason: "it has no buffer/enable attribute")
    }
    self.device = device
    self.bufferDirectory = buffer.directory
  }

  /// Writes `value` to `path`, remembering what was there for ``restore()``.
  private mutating func set(_ path: String, to value: String) throws(IIOError) {
    let previous = try Sysfs.read(path).trimmingASCIIWhitespace()
    guard previous != value else { return }
    try Sysfs.write(value, to: path)
    changes.append(Change(path: path, previous: previous))
  }

  /// Enables exactly `elements` (and disables every other scan element), then configures
  /// trigger, length, watermark and clock, and enables the buffer.
  mutating func start(
    elements: [IIOChannel], configuration: IIOBufferConfiguration, trigger: String?
  ) throws(IIOError) {
    let enable = try Sysfs.read(bufferDirectory + "/enable").trimmingASCIIWhitespace()
    guard enable == "0" else { throw .deviceBusy(path: bufferDirectory + "/enable") }
    let wanted = Set(elements.map(\.id))
    for channel in device.channels {
      guard let element = channel.scanElement else { continue }
      try set(
        element.directory + "/" + channel.id.rawValue + "_en",
        to: wanted.contains(channel.id) ? "1" : "0")
    }
    if let trigger { try set(device.path + "/trigger/current_trigger", to: trigger) }
    if let length = configuration.length {
      try set(bufferDirectory + "/length", to: String(length))
    }
    if let watermark = configuration.watermark, Sysfs.exists(bufferDirectory + "/watermark") {
      try set(bufferDirectory + "/watermark", to: String(watermark))
    }
    if let clock = configuration.timestampClock {
      try set(device.path + "/current_timestamp_clock", to: clock.rawValue)
    }
  }

  /// Turns the buffer on: the last step, after the character device is open.
  mutating func enable(trigger: String?) throws(IIOError) {
    do {
      try Sysfs.write("1", to: bufferDirectory + "/enable")
    } catch .valueRejected {
      // EINVAL here almost always means a triggered buffer with no trigger to drive it.
      let current = trigger ?? device.currentTrigger
      throw .bufferUnsupported(
        device: device.name,
        reason: "the kernel refused to enable its buffer (EINVAL)"
          + (current == nil
            ? "; it probably needs a trigger: create one (an hrtimer or sysfs trigger) and pass "
              + "IIOBufferConfiguration(trigger: .named(…))"
            : " with trigger \(current ?? "")"))
    }
    enabled = true
  }

  /// Disables the buffer and restores every attribute changed, newest change first. Carries
  /// on past failures (the device may be gone) so that as much as possible is put back.
  mutating func restore() {
    if enabled {
      try? Sysfs.write("0", to: bufferDirectory + "/enable")
      enabled = false
    }
    for change in changes.reversed() {
      try? Sysfs.write(change.previous, to: change.path)
    }
    changes.removeAll()
  }
}
