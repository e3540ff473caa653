// Uses each library product for real, so the linker keeps what an app would: a store, the live
// motion and location clients, IIO discovery and the gpsd decoder.
public import ComposableLocation
public import ComposableMotion
import ComposableStore
import GPSD
import LinuxIIO

struct Counter: Reducer {
  struct State: Equatable, Sendable { var count = 0 }
  enum Action: Sendable { case tick }
  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    state.count += 1
    return .none
  }
}

/// Runs a store, makes the live clients, decodes a report and scans IIO devices; returns a line
/// describing what it did, for the app to print (so nothing is optimised away).
public func useEveryProduct() async -> String {
  let store = Store(initialState: Counter.State(), reducer: Counter())
  await store.send(.tick).finish()
  let motion = MotionClient.live()
  let location = LocationClient.live()
  let report = try? GPSDReport.decode(Array(#"{"class":"TPV","mode":3,"lat":1,"lon":2}"#.utf8))
  let devices = (try? IIOSystem().devices())?.count ?? 0
  return
    "\(store.state.count) \(report != nil) \(devices) \(motion.isDeviceMotionAvailable) \(location)"
}
