import SensorsCore

/// Reads channels by polling their sysfs attributes (`_input` if present, else `_raw`) at a
/// fixed interval, paced by an injected clock.
///
/// Works with every device, buffered or not. Each sample is stamped on `boottime` when read.
///
/// ```swift
/// let device = try IIOSystem().firstDevice(measuring: .accel)
/// let reader = try IIOPollingReader(device: device, channels: device.channels(ofType: .accel), interval: .milliseconds(10))
/// for try await sample in reader.samples() {
///   if let a = sample.vector(.accel) { print(a.x, a.y, a.z) }
/// }
/// ```
public struct IIOPollingReader: IIOSampleReader {
  /// The device read.
  public let device: IIODevice
  /// The channels each sample contains, in sample order.
  public let channels: [IIOChannel]
  /// Time between the starts of two reads.
  public let interval: Duration
  /// The clock that paces reads (a test clock in tests).
  public let clock: any Clock<Duration>
  /// How many unconsumed samples the stream keeps; older ones are dropped.
  public let bufferingNewest: Int

  /// Creates a polling reader.
  ///
  /// - Parameters:
  ///   - device: the device to read.
  ///   - channels: the channels to read, each with a `_raw` or `_input` attribute.
  ///   - interval: time between reads (1/interval is the sample rate).
  ///   - clock: the clock that paces reads.
  ///   - bufferingNewest: samples kept for a slow consumer (at least 1).
  /// - Throws: ``IIOError/noChannelsSelected(device:)`` for an empty list,
  ///   ``IIOError/attributeMissing(path:)`` for a channel with nothing to poll.
  public init(
    device: IIODevice, channels: [IIOChannel], interval: Duration,
    clock: any Clock<Duration> = ContinuousClock(),
    bufferingNewest: Int = 64
  ) throws(IIOError) {
    guard !channels.isEmpty else { throw .noChannelsSelected(device: device.name) }
    for channel in channels where !channel.isPollable {
      throw .attributeMissing(path: device.path + "/" + channel.id.rawValue + "_raw")
    }
    self.device = device
    self.channels = channels
    self.interval = interval
    self.clock = clock
    self.bufferingNewest = max(1, bufferingNewest)
  }

  /// Reads every channel once, now: the pull mode.
  public func read() throws(IIOError) -> IIOSample {
    try PollingSession(device: device, channels: channels).read()
  }

  /// Starts polling: the first sample is read at once, then one every ``interval``.
  public func samples() -> AsyncThrowingStream<IIOSample, any Error> {
    let (stream, continuation) = AsyncThrowingStream.makeStream(
      of: IIOSample.self, bufferingPolicy: .bufferingNewest(bufferingNewest))
    let task = Task.inheritingExecutor { [device, channels, interval, clock] in
      await clock.poll(device: device, channels: channels, interval: interval, into: continuation)
    }
    continuation.onTermination = { _ in task.cancel() }
    return stream
  }
}

extension Clock where Duration == Swift.Duration {
  /// The polling loop, as a clock method so that an `any Clock<Duration>` is opened and its
  /// concrete `Instant` can serve as a drift-free deadline.
  fileprivate func poll(
    device: IIODevice, channels: [IIOChannel], interval: Duration,
    into continuation: AsyncThrowingStream<IIOSample, any Error>.Continuation
  ) async {
    let io = BlockingQueue(label: "LinuxIIO polling \(device.id)")
    let session: PollingSession
    do {
      session = try await io.run { () throws(IIOError) in
        try PollingSession(device: device, channels: channels)
      }
    } catch {
      continuation.finish(throwing: error)
      return
    }
    var deadline = now
    while !Task.isCancelled {
      do {
        let sample = try await io.run { () throws(IIOError) in try session.read() }
        if case .terminated = continuation.yield(sample) { break }
      } catch {
        continuation.finish(throwing: error)
        return
      }
      // Pace against deadlines rather than sleeping `interval` after each read, so read time
      // does not make the rate drift.
      deadline = deadline.advanced(by: interval)
      do {
        try await sleep(until: deadline, tolerance: nil)
      } catch {
        break
      }
    }
    continuation.finish()
  }
}
