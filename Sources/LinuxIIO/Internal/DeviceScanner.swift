/// Reads one `iio:deviceN` directory into an ``IIODevice``.
enum DeviceScanner {
  static func scan(directory: String, index: Int, deviceDirectory: String) throws(IIOError)
    -> IIODevice
  {
    let files = try Sysfs.list(directory)
    let fileSet = Set(files)
    func attribute(_ name: String) throws(IIOError) -> String? {
      guard fileSet.contains(name) else { return nil }
      return try Sysfs.readIfPresent(directory + "/" + name)?.trimmingASCIIWhitespace()
    }
    func number(_ name: String) throws(IIOError) -> Double? {
      guard let text = try attribute(name) else { return nil }
      return try AttributeValue.number(text, path: directory + "/" + name)
    }

    let name = try attribute("name") ?? "iio:device\(index)"
    let label = try attribute("label")
    let clock =
      try attribute("current_timestamp_clock").map(IIOTimestampClock.init(rawValue:)) ?? .realtime
    let available = try attribute("sampling_frequency_available").map {
      (text) throws(IIOError) in
      try IIOSamplingFrequencies(parsing: text, path: directory + "/sampling_frequency_available")
    }
    let scanDirectory = ["scan_elements", "buffer0"].first {
      Sysfs.isDirectory(directory + "/" + $0)
    }
    let scanFiles =
      try scanDirectory.map { (dir) throws(IIOError) in try Sysfs.list(directory + "/" + dir) }
      ?? []
    let context = ChannelContext(
      directory: directory, files: fileSet,
      scanDirectory: scanDirectory.map { directory + "/" + $0 }, scanFiles: Set(scanFiles))

    var channels: [IIOChannel] = []
    for prefix in channelPrefixes(files: files, scanFiles: scanFiles) {
      guard let parsed = ChannelName.parse(prefix) else { continue }
      channels.append(try context.channel(prefix: prefix, name: parsed))
    }
    let trigger = try Sysfs.readIfPresent(directory + "/trigger/current_trigger")?
      .trimmingASCIIWhitespace()
    return IIODevice(
      index: index, name: name, label: label, path: directory,
      deviceNode: deviceDirectory + "/iio:device\(index)",
      channels: channels.sorted { $0.id < $1.id },
      samplingFrequency: try number("sampling_frequency"),
      availableSamplingFrequencies: available,
      timestampClock: clock,
      buffer: try buffer(directory: directory, hasScanElements: !scanFiles.isEmpty),
      currentTrigger: trigger.flatMap { $0.isEmpty ? nil : $0 })
  }

  /// Channel prefixes: every `<prefix>_raw` / `<prefix>_input` attribute, and every
  /// `<prefix>_en` scan element (the timestamp channel exists only there).
  static func channelPrefixes(files: [String], scanFiles: [String]) -> [String] {
    var prefixes = Set<String>()
    for file in files {
      for suffix in ["_raw", "_input"] where file.hasSuffix(suffix) {
        prefixes.insert(String(file.dropLast(suffix.count)))
      }
    }
    for file in scanFiles where file.hasSuffix("_en") {
      prefixes.insert(String(file.dropLast(3)))
    }
    return prefixes.sorted()
  }

  static func buffer(directory: String, hasScanElements: Bool) throws(IIOError) -> IIOBufferInfo? {
    guard hasScanElements,
      let bufferDirectory = ["buffer", "buffer0"].map({ directory + "/" + $0 }).first(where: {
        Sysfs.exists($0 + "/enable")
      })
    else { return nil }
    func integer(_ name: String) throws(IIOError) -> Int? {
      let path = bufferDirectory + "/" + name
      return try Sysfs.readIfPresent(path).map { (text) throws(IIOError) in
        try AttributeValue.integer(text, path: path)
      }
    }
    return IIOBufferInfo(
      directory: bufferDirectory, length: try integer("length"),
      watermark: try integer("watermark"),
      isEnabled: (try integer("enable") ?? 0) != 0)
  }
}

/// What the scanner knows about a device directory while it builds each channel.
struct ChannelContext {
  var directory: String
  var files: Set<String>
  var scanDirectory: String?
  var scanFiles: Set<String>

  /// Reads the most specific of `names` present, as a number.
  func number(_ names: [String]) throws(IIOError) -> Double? {
    guard let name = names.first(where: files.contains) else { return nil }
    let path = directory + "/" + name
    guard let text = try Sysfs.readIfPresent(path) else { return nil }
    return try AttributeValue.number(text, path: path)
  }

  func channel(prefix: String, name: ChannelName) throws(IIOError) -> IIOChannel {
    let dir = name.directionPrefix
    let type = name.type.rawValue
    // Most specific first, as the kernel ABI lists the shared forms.
    func forms(_ attribute: String) -> [String] {
      ["\(prefix)_\(attribute)", "\(dir)_\(type)_\(attribute)", "\(dir)_\(attribute)", attribute]
    }
    return IIOChannel(
      id: IIOChannelID(rawValue: prefix), direction: name.direction, type: name.type,
      index: name.index,
      modifier: name.modifier,
      scale: try number(forms("scale")),
      offset: try number(forms("offset")),
      hasRaw: files.contains(prefix + "_raw"),
      hasInput: files.contains(prefix + "_input"),
      scanElement: try scanElement(prefix: prefix),
      mountMatrix: try mountMatrix(name: name),
      samplingFrequency: try number(forms("sampling_frequency")),
      availableSamplingFrequencies: try frequencies(forms("sampling_frequency_available")))
  }

  /// Reads the most specific of `names` present, as an `_available` list or range.
  func frequencies(_ names: [String]) throws(IIOError) -> IIOSamplingFrequencies? {
    guard let name = names.first(where: files.contains) else { return nil }
    let path = directory + "/" + name
    guard let text = try Sysfs.readIfPresent(path) else { return nil }
    return try IIOSamplingFrequencies(parsing: text, path: path)
  }

  func scanElement(prefix: String) throws(IIOError) -> IIOScanElement? {
    guard let scanDirectory, scanFiles.contains(prefix + "_en") else { return nil }
    let base = scanDirectory + "/" + prefix
    guard let typeText = try Sysfs.readIfPresent(base + "_type") else {
      throw .attributeMissing(path: base + "_type")
    }
    guard let indexText = try Sysfs.readIfPresent(base + "_index") else {
      throw .attributeMissing(path: base + "_index")
    }
    let type = try IIOScanType(parsing: typeText, path: base + "_type")
    let index = try AttributeValue.integer(indexText, path: base + "_index")
    let enabled = try AttributeValue.integer(try Sysfs.read(base + "_en"), path: base + "_en") != 0
    return IIOScanElement(index: index, type: type, isEnabled: enabled, directory: scanDirectory)
  }

  /// The mount matrix in any of its file-name forms: `in_accel_mount_matrix`,
  /// `in_mount_matrix`, `mount_matrix`, and the older `in_accel_matrix` / `in_gyro_matrix`.
  func mountMatrix(name: ChannelName) throws(IIOError) -> IIOMountMatrix? {
    let dir = name.directionPrefix
    let type = name.type.rawValue
    var names = [
      "\(dir)_\(type)_mount_matrix", "\(dir)_mount_matrix", "mount_matrix", "\(dir)_\(type)_matrix",
    ]
    if name.type == .anglvel { names.append("\(dir)_gyro_matrix") }
    guard let file = names.first(where: files.contains) else { return nil }
    let path = directory + "/" + file
    guard let text = try Sysfs.readIfPresent(path) else { return nil }
    return try IIOMountMatrix(parsing: text, path: path)
  }
}
