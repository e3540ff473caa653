import ComposableStore

extension LocationClient {
  /// Manager `id`'s events as an effect: creates the manager, runs `onCreate` (ask for
  /// authorization there), sends each event, and destroys the manager when the effect ends or is
  /// cancelled (closing its gpsd connection). Start services from the reducer as events arrive,
  /// the way a `CLLocationManagerDelegate` does.
  ///
  /// The reducer addresses the manager by `id`, so a run cancelled by a new one with the same
  /// `id` (`cancelInFlight`) could destroy the new run's manager as it tears down. Give each
  /// showing of a feature its own id (a fresh value in its state, as the demo's
  /// `LocationFeature` does) when it can be shown again before the old run has ended.
  ///
  /// ```swift
  /// case .onAppear:
  ///   return location.events(id: ManagerID()) {
  ///     await location.requestWhenInUseAuthorization(id: ManagerID())
  ///   }
  ///   .map(Action.locationManager)
  ///   .cancellable(id: CancelID.location, cancelInFlight: true)
  /// case .onDisappear:
  ///   return .cancel(id: CancelID.location)
  /// ```
  public func events(
    id: some Hashable & Sendable, onCreate: @escaping @Sendable () async -> Void = {}
  ) -> Effect<LocationEvent> {
    let key = AnyHashableSendable(id)
    return .run { [create, destroy] send in
      let events = await create(key)
      await onCreate()
      for await event in events { await send(event) }
      await destroy(key)
    }
  }
}
