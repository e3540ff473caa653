/// One tapped stream: pulls the client's stream for its consumer and hands each sample to the
/// recorder on the way, on the consumer's own pulls, so the recording holds exactly what the
/// consumer received.
///
/// An actor owns the base iterator (not `Sendable`) and advances it with `next(isolation:)`, so
/// the iterator never leaves the actor; the tapped stream's `unfolding` closure calls ``next()``
/// once per pull of its single consumer.
actor RecordingTap<Element: Sendable> {
  private var iterator: AsyncThrowingStream<Element, any Error>.Iterator
  private let recorder: MotionRecorder
  private let lane: Int
  private let values: @Sendable (Element) -> (values: SIMD3<Double>, time: Double)
  private let sensor: IMURecording.Sensors
  private var ended = false

  private init(
    _ base: AsyncThrowingStream<Element, any Error>, lane: Int, sensor: IMURecording.Sensors,
    recorder: MotionRecorder,
    values: @escaping @Sendable (Element) -> (values: SIMD3<Double>, time: Double)
  ) {
    self.iterator = base.makeAsyncIterator()
    self.recorder = recorder
    self.sensor = sensor
    self.values = values
    self.lane = lane
  }

  deinit {
    // The consumer dropped the stream without reading it to its end.
    if !ended { recorder.closeLane(lane) }
  }

  /// The next sample, recorded; nil (or the error) when the client's stream ends.
  func next() async throws -> Element? {
    guard !ended else { return nil }
    do {
      // A mutating async call cannot run on the stored property across the suspension; the
      // iterator is a reference to the stream's storage, so advancing a copy advances it.
      var cursor = iterator
      defer { iterator = cursor }
      guard let element = try await cursor.next(isolation: self) else {
        end()
        return nil
      }
      let (values, time) = self.values(element)
      recorder.record(sensor, values, time: time, lane: lane)
      return element
    } catch {
      end()
      throw error
    }
  }

  private func end() {
    ended = true
    recorder.closeLane(lane)
  }

  /// A stream that delivers the samples of the stream `start` returns and records them.
  ///
  /// The lane opens before `start` runs: the client's reader may hand the new subscription a
  /// scan at once, and rows of that scan must wait for this stream's sample instead of being
  /// written without it.
  nonisolated static func stream(
    _ start: () -> AsyncThrowingStream<Element, any Error>, sensor: IMURecording.Sensors,
    recorder: MotionRecorder,
    values: @escaping @Sendable (Element) -> (values: SIMD3<Double>, time: Double)
  ) -> AsyncThrowingStream<Element, any Error> {
    let lane = recorder.openLane()
    let tap = RecordingTap(start(), lane: lane, sensor: sensor, recorder: recorder, values: values)
    return AsyncThrowingStream(unfolding: { try await tap.next() })
  }
}
