import ComposableMotion
import ComposableStore
import Glibc
import Synchronization

/// The app under test: starts device motion at 100 Hz (with the client's update effect, as the
/// README shows) and receives every output in the reducer.
struct Pipeline: Reducer {
  struct State: Sendable, Equatable {
    var received = 0
  }
  enum Action: Sendable {
    case start
    case stop
    case motion(MotionUpdate<DeviceMotion>)
  }
  enum CancelID { case motion }
  struct ManagerID: Hashable, Sendable {}

  let motion: MotionClient
  let latencies: LatencyLog

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .start:
      return motion.deviceMotionUpdates(id: ManagerID(), interval: .milliseconds(10))
        .map(Action.motion)
        .cancellable(id: CancelID.motion)
    case .stop:
      return .cancel(id: CancelID.motion)
    case .motion(.sample(let sample)):
      state.received += 1
      latencies.record(sinceBootTime: sample.timestamp)
      return .none
    case .motion:
      return .none
    }
  }
}

/// Latencies in microseconds, from a sample's boot-time stamp to now.
final class LatencyLog: Sendable {
  private let storage = Mutex<[Int]>([])

  func record(sinceBootTime stamp: Double) {
    let now = bootTime()
    let microseconds = Int(((now - stamp) * 1e6).rounded())
    storage.withLock { $0.append(microseconds) }
  }

  var values: [Int] { storage.withLock { $0 } }
}

/// CLOCK_BOOTTIME in seconds: the clock the kernel (and our feeder) stamps IIO scans on.
func bootTime() -> Double {
  var spec = timespec()
  clock_gettime(CLOCK_BOOTTIME, &spec)
  return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
}

/// CLOCK_BOOTTIME in nanoseconds.
func bootTimeNanoseconds() -> Int64 {
  var spec = timespec()
  clock_gettime(CLOCK_BOOTTIME, &spec)
  return Int64(spec.tv_sec) * 1_000_000_000 + Int64(spec.tv_nsec)
}
