/// How an ``IIOBufferedReader`` sets up the device's buffer.
public struct IIOBufferConfiguration: Hashable, Sendable {
  /// Which trigger drives the captures.
  public enum Trigger: Hashable, Sendable {
    /// Whatever `trigger/current_trigger` holds; when it is empty, a trigger is attached for
    /// the read (see ``IIOSystem/attachableTrigger(for:)``: the device's own `<name>-dev<N>`,
    /// else an hrtimer trigger, else a sysfs trigger) and detached again when the read stops.
    case automatic
    /// Leave `trigger/current_trigger` as it is (devices with a hardware FIFO need none).
    case keepCurrent
    /// The trigger with this name (for example an `hrtimer` or `sysfs` trigger).
    case named(String)
  }

  /// Which trigger drives the captures.
  public var trigger: Trigger
  /// Capacity of the kernel buffer, in scans; nil keeps the device's setting.
  public var length: Int?
  /// Scans the kernel collects before waking the reader; nil keeps the device's setting.
  /// Higher values cost fewer wake-ups, at the price of latency.
  public var watermark: Int?
  /// The clock for kernel timestamps (written to `current_timestamp_clock`); nil keeps it.
  public var timestampClock: IIOTimestampClock?
  /// Whether to enable the `in_timestamp` element when the device has one, so each sample
  /// carries the kernel's capture time rather than the time it was read.
  public var includesTimestamp: Bool
  /// How many unconsumed samples the stream keeps; older ones are dropped.
  public var bufferingNewest: Int
  /// Scans read from the character device per `read` call at most.
  public var scansPerRead: Int
  /// How long the device may stay silent before the reader checks that it still exists. A
  /// removed device stops waking readers without reporting an error, so this bounds how late
  /// ``IIOError/deviceRemoved(path:)`` can come; it never ends a stream on its own.
  public var livenessCheckInterval: Duration

  /// Creates a configuration; the defaults suit a 100 Hz–1 kHz IMU.
  public init(
    trigger: Trigger = .automatic, length: Int? = nil, watermark: Int? = nil,
    timestampClock: IIOTimestampClock? = nil, includesTimestamp: Bool = true,
    bufferingNewest: Int = 256,
    scansPerRead: Int = 64, livenessCheckInterval: Duration = .seconds(1)
  ) {
    self.trigger = trigger
    self.length = length
    self.watermark = watermark
    self.timestampClock = timestampClock
    self.includesTimestamp = includesTimestamp
    self.bufferingNewest = max(1, bufferingNewest)
    self.scansPerRead = max(1, scansPerRead)
    self.livenessCheckInterval = max(.milliseconds(1), livenessCheckInterval)
  }
}
