import ComposableMotion
import ComposableSensorsTesting
import ComposableStore
import Foundation
import SensorsTestSupport
import Synchronization
import Testing

/// The update effects on a live buffered device, in a real store: the reducer receives every
/// sample, in the order the device produced them, through the client's stream (the one way a
/// sample reaches a reducer), reduced on the device's reader thread right after its read (no
/// pool thread is woken per output); a reducer that cancels its own effect ends it, and the
/// device is released. An app that replaces the client's start endpoint gets its replacement
/// iterated the same way.
@Suite(.tags(.integration), .timeLimit(.minutes(1))) struct LiveUpdateEffectTests {
  struct Feature: Reducer {
    struct State: Equatable, Sendable {
      var samples = 0
      /// Each sample's timestamp (seconds since boot), in the order reduced.
      var timestamps: [Double] = []
      /// The name of the thread each sample was reduced on.
      var threads: [String] = []
    }
    enum Action: Sendable {
      case start
      case accelerometer(MotionUpdate<AccelerometerData>)
    }
    enum CancelID { case accelerometer }

    let motion: MotionClient
    let reduced: AsyncStream<Int>.Continuation
    static let enough = 5

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .start:
        return motion.accelerometerUpdates(id: "hid", interval: .microseconds(1))
          .map(Action.accelerometer)
          .cancellable(id: CancelID.accelerometer)
      case .accelerometer(.sample(let sample)):
        state.samples += 1
        state.timestamps.append(sample.timestamp)
        state.threads.append(Self.threadName())
        reduced.yield(state.samples)
        return state.samples == Self.enough ? .cancel(id: CancelID.accelerometer) : .none
      case .accelerometer:
        return .none
      }
    }

    static func threadName() -> String {
      let name = try? String(contentsOfFile: "/proc/thread-self/comm", encoding: .utf8)
      return name?.trimmingCharacters(in: .whitespacesAndNewlines) ?? "?"
    }
  }

  @Test func everySampleIsReducedInOrderAndASelfCancelReleasesTheDevice() async throws {
    let hid = try BufferedHIDAccelerometer()
    let motion = MotionClient.live(
      root: hid.root, deviceDirectory: hid.devDirectory, clock: TestClock())
    try await expectSelfCancellingRun(hid: hid, motion: motion)
  }

  @Test func aReplacedStartEndpointIsWhatTheEffectIterates() async throws {
    let hid = try BufferedHIDAccelerometer()
    var motion = MotionClient.live(
      root: hid.root, deviceDirectory: hid.devDirectory, clock: TestClock())
    let live = motion.startAccelerometerUpdates
    let started = Mutex(0)
    motion.startAccelerometerUpdates = { id in
      started.withLock { $0 += 1 }
      return live(id)
    }
    try await expectSelfCancellingRun(hid: hid, motion: motion)
    #expect(started.withLock { $0 } == 1, "the effect started the replacement")
  }

  /// Runs the feature until its reducer cancels the effect, one captured scan at a time.
  func expectSelfCancellingRun(hid: BufferedHIDAccelerometer, motion: MotionClient) async throws {
    let capture = try UmockdevDescription.bytes("isp-orientation-left-up", in: .module)
    let (reduced, onReduced) = AsyncStream.makeStream(of: Int.self)
    let store = Store(initialState: Feature.State()) {
      Feature(motion: motion, reduced: onReduced)
    }
    let effect = store.send(.start)
    var events = reduced.makeAsyncIterator()
    // One captured scan at a time, each once the previous sample was reduced: none can be
    // dropped, so every one must arrive.
    for scan in 0..<Feature.enough {
      try hid.fifo.write(Array(capture[(24 * scan)..<(24 * (scan + 1))]))
      #expect(await events.next() == scan + 1)
    }
    await effect.finish()

    let timestamps = store.state.timestamps
    #expect(timestamps.count == Feature.enough)
    #expect(zip(timestamps, timestamps.dropFirst()).allSatisfy { $0 < $1 }, "\(timestamps)")
    // From the second sample on: the first may resume the effect before it first waits.
    let threads = store.state.threads
    #expect(threads.dropFirst().allSatisfy { $0 == "iio iio:device0" }, "\(threads)")
    #expect(hid.readerDescriptors == 0, "the self-cancelled effect destroyed its manager")
    #expect(!hid.isBufferEnabled)
  }
}
