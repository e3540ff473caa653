/// One polling read's view of a device: which attribute to read for each channel and how to
/// convert it.
///
/// Each read opens, reads and closes the attribute: the I2C/SPI transfer behind a sysfs read
/// costs far more than the three system calls, no descriptor stays open between samples, and a
/// device that disappears shows up as its attributes vanishing (ENOENT) or as ENODEV, both
/// reported as ``IIOError/deviceRemoved(path:)``.
struct PollingSession {
  private let devicePath: String
  private let paths: [String]
  private let assembler: SampleAssembler

  init(device: IIODevice, channels: [IIOChannel]) throws(IIOError) {
    devicePath = device.path
    var paths: [String] = []
    var layout: [(channel: IIOChannel, repeatCount: Int, processed: Bool)] = []
    for channel in channels {
      let processed = channel.hasInput
      let path = device.path + "/" + channel.id.rawValue + (processed ? "_input" : "_raw")
      paths.append(path)
      // Multi-value channels (a quaternion) print several numbers; count them once.
      let count = try Self.numbers(path: path, devicePath: devicePath, existed: false).count
      layout.append((channel, count, processed))
    }
    self.paths = paths
    assembler = SampleAssembler(channels: layout)
  }

  private static func numbers(path: String, devicePath: String, existed: Bool) throws(IIOError)
    -> [Double]
  {
    do {
      return try AttributeValue.numbers(try Sysfs.read(path), path: path)
    } catch .attributeMissing where existed || !Sysfs.isDirectory(devicePath) {
      // A live device's attributes never vanish: one that was read before and is gone now
      // means the device was unbound, even where the directory lingers a moment.
      throw .deviceRemoved(path: devicePath)
    }
  }

  func read() throws(IIOError) -> IIOSample {
    var raw: [Double] = []
    raw.reserveCapacity(assembler.channelIDs.count)
    for path in paths {
      raw += try Self.numbers(path: path, devicePath: devicePath, existed: true)
    }
    guard raw.count == assembler.channelIDs.count else {
      throw .malformedAttribute(
        path: paths.last ?? devicePath, value: "\(raw.count) values in all",
        expected: "\(assembler.channelIDs.count) values, as at the first read")
    }
    let timestamp = BootTime.now()
    return raw.withUnsafeBufferPointer { assembler.sample(raw: $0, timestamp: timestamp) }
  }
}
