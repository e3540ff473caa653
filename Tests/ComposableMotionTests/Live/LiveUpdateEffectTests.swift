import ComposableMotion
import ComposableSensorsTesting
import ComposableStore
import Foundation
import Synchronization
import Testing

/// The update effects on a live buffered device, in a real store: the reducer receives each
/// sample on the device's reader thread (no pool thread is woken per output), a reducer that
/// cancels its own effect there ends it, and the device is released. An app that replaces the
/// client's start endpoint gets its replacement iterated, still on the reader thread.
@Suite(.tags(.integration), .timeLimit(.minutes(1))) struct LiveUpdateEffectTests {
  struct Feature: Reducer {
    struct State: Equatable, Sendable {
      var samples = 0
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
      case .accelerometer(.sample):
        state.samples += 1
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

  @Test func samplesAreReducedOnTheReaderThreadAndASelfCancelReleasesTheDevice() async throws {
    let hid = try BufferedHIDAccelerometer()
    let motion = MotionClient.live(
      root: hid.root, deviceDirectory: hid.devDirectory, clock: TestClock())
    // No stream: every sample, the first too, goes from the reader's thread into the store.
    try await expectSelfCancellingRun(hid: hid, motion: motion, everyOneOnTheReader: true)
  }

  @Test func aReplacedStartEndpointIsIteratedOnTheReaderThread() async throws {
    let hid = try BufferedHIDAccelerometer()
    var motion = MotionClient.live(
      root: hid.root, deviceDirectory: hid.devDirectory, clock: TestClock())
    let live = motion.startAccelerometerUpdates
    let started = Mutex(0)
    motion.startAccelerometerUpdates = { id in
      started.withLock { $0 += 1 }
      return live(id)
    }
    // The stream's consumer runs on the reader's thread from its second sample on (the first
    // may resume it before it first waits).
    try await expectSelfCancellingRun(hid: hid, motion: motion, everyOneOnTheReader: false)
    #expect(started.withLock { $0 } == 1, "the effect started the replacement")
  }

  /// Runs the feature until its reducer cancels the effect, one captured scan at a time.
  func expectSelfCancellingRun(
    hid: BufferedHIDAccelerometer, motion: MotionClient, everyOneOnTheReader: Bool
  ) async throws {
    let capture = try Data(
      contentsOf: try #require(
        Bundle.module.url(
          forResource: "isp-orientation-left-up", withExtension: "bin", subdirectory: "Fixtures")))
    let (reduced, onReduced) = AsyncStream.makeStream(of: Int.self)
    let store = Store(initialState: Feature.State()) {
      Feature(motion: motion, reduced: onReduced)
    }
    let effect = store.send(.start)
    var events = reduced.makeAsyncIterator()
    // One captured scan at a time, each once the previous sample was reduced: from the second
    // delivery on, the effect is waiting on its stream when the reader delivers.
    for scan in 0..<Feature.enough {
      try hid.fifo.write(Array(capture[(24 * scan)..<(24 * (scan + 1))]))
      #expect(await events.next() == scan + 1)
    }
    await effect.finish()

    let threads = store.state.threads
    #expect(threads.count == Feature.enough)
    #expect(threads.last == "iio iio:device0", "reduced on the reader thread: \(threads)")
    let checked = everyOneOnTheReader ? threads[...] : threads.dropFirst()
    #expect(checked.allSatisfy { $0 == "iio iio:device0" }, "\(threads)")
    #expect(hid.readerDescriptors == 0, "the self-cancelled effect destroyed its manager")
    #expect(!hid.isBufferEnabled)
  }
}
