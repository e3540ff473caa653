import ComposableMotion
import ComposableStore

/// `sensors-demo orientation`: the screen orientation iio-sensor-proxy reports, as a reducer.
///
/// Starting claims the accelerometer through the proxy; stopping (or reaching the limit)
/// cancels the updates and destroys the claim. The proxy says "undefined" until its first
/// reading, which is not shown as an orientation.
struct OrientationFeature: Reducer {
  /// What the screen shows.
  struct State: Equatable, Sendable {
    /// The latest orientation, once the proxy has one.
    var orientation: ScreenOrientation?
    /// Orientations received.
    var updateCount = 0
    /// Stop after this many orientations, or never when `nil` (`--count`).
    var limit: Int?
    /// Why updates stopped early.
    var errorMessage: String?
    /// Whether the run is over.
    var isFinished = false

    /// Creates the initial state, optionally with a limit on the number of orientations.
    init(limit: Int? = nil) {
      self.limit = limit
    }
  }

  /// What can happen.
  enum Action: Equatable, Sendable {
    /// Claim the accelerometer and start orientation updates.
    case start
    /// Stop them and release the claim.
    case stop
    /// The proxy reported an orientation.
    case orientationChanged(ScreenOrientation)
    /// The updates failed, with why.
    case failed(String)
    /// The updates ended on their own.
    case finished
  }

  struct ScreenID: Hashable, Sendable {}
  enum CancelID { case updates }

  let proxy: SensorProxyClient

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .start:
      return .run { [proxy] send in
        do {
          for try await orientation in proxy.startOrientationUpdates(id: ScreenID()) {
            await send(.orientationChanged(orientation))
          }
          await send(.finished)
        } catch is CancellationError {
        } catch {
          await send(.failed("\(error)"))
        }
      }
      .cancellable(id: CancelID.updates, cancelInFlight: true)

    case .stop:
      return stop()

    case .orientationChanged(.undefined):
      return .none

    case .orientationChanged(let orientation):
      state.orientation = orientation
      state.updateCount += 1
      if let limit = state.limit, state.updateCount >= limit {
        state.isFinished = true
        return stop()
      }
      return .none

    case .failed(let message):
      state.errorMessage = message
      state.isFinished = true
      return stop()

    case .finished:
      state.isFinished = true
      return stop()
    }
  }

  /// Cancels the updates and releases every claim of this screen.
  private func stop() -> Effect<Action> {
    .merge(
      .cancel(id: CancelID.updates),
      .run { [proxy] _ in await proxy.destroy(id: ScreenID()) })
  }
}
