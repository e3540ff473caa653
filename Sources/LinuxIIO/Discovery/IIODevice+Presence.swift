/// The questions a reader asks of sysfs about a device it found earlier: is it still there, may
/// its timestamp clock and buffer length be changed. A client asks them here and never builds
/// a sysfs path itself.
extension IIODevice {
  /// Whether this device is still there: its sysfs directory exists and its `name` attribute
  /// still reads ``name`` (another chip that took the same `iio:deviceN` number fails this).
  /// A device without a `name` attribute (named after its directory) needs only its directory.
  public func isPresent() -> Bool {
    guard let text = try? Sysfs.read(path + "/name") else {
      return name == id && Sysfs.exists(path)
    }
    return String(text.prefix { $0 != "\n" }) == name
  }

  /// `error`, or ``IIOError/deviceRemoved(path:)`` for ``path`` when the device's directory is
  /// gone: an attribute that vanished, or a read that failed, because the whole device went
  /// away is the device's removal, whatever `errno` the read saw. Errors that already say
  /// what happened (removed, permission, busy, malformed value) are returned as they are.
  public func explainingRemoval(_ error: IIOError) -> IIOError {
    switch error {
    case .deviceRemoved, .permissionDenied, .deviceBusy, .malformedAttribute:
      return error
    default:
      return Sysfs.exists(path) ? error : .deviceRemoved(path: path)
    }
  }

  /// Whether the device has a `current_timestamp_clock` attribute, so a buffered read can ask
  /// for the clock its scans are stamped on (``IIOBufferConfiguration/timestampClock``);
  /// without one, scans come stamped on ``timestampClock``.
  public func canChooseTimestampClock() -> Bool {
    Sysfs.exists(path + "/current_timestamp_clock")
  }
}

extension IIOBufferInfo {
  /// Whether the buffer's `length` attribute has a write permission bit: one without has no
  /// store method in the driver, whoever asks (even root, whom `access(W_OK)` would let
  /// through), so a reader keeps the length it found.
  public func isLengthWritable() -> Bool {
    Sysfs.hasWriteBit(directory + "/length")
  }
}
