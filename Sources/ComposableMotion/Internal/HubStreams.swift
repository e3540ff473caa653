import ComposableStore

/// Makes the streams a hub-backed ``MotionClient`` returns: one bounded stream per
/// subscription, fed by the shared hub, ended by `stop`, `destroy`, a reader's end or failure,
/// or the consumer's cancellation.
struct HubStreams: Sendable {
  let hub: SensorHub
  let registry: MotionManagerRegistry
  /// The most samples a stream holds for a slow consumer before dropping the oldest.
  let bufferLimit: Int

  /// Starts a stream of `service` for `owner`, reading `sensors`; `transform` turns a scan
  /// into the stream's element (nil: nothing to emit for this scan).
  func start<Element: Sendable>(
    owner: AnyHashableSendable,
    service: MotionSensor,
    sensors: Set<MotionSensor>,
    transform: @escaping @Sendable (MotionScan) -> Element?
  ) -> AsyncThrowingStream<Element, any Error> {
    let (stream, continuation) = AsyncThrowingStream.makeStream(
      of: Element.self, throwing: (any Error).self,
      bufferingPolicy: .bufferingNewest(max(1, bufferLimit)))
    guard registry.exists(owner) else {
      continuation.finish(throwing: MotionError.managerNotCreated(owner))
      return stream
    }
    let sink = SensorHub.Sink(
      yield: { scan in
        guard let element = transform(scan) else { return 0 }
        if case .dropped = continuation.yield(element) { return 1 }
        return 0
      },
      finish: { error in continuation.finish(throwing: error) }
    )
    let result = hub.subscribe(
      owner: owner, service: service, sensors: sensors,
      interval: registry.interval(owner, service)
    ) { _ in sink }
    switch result {
    case .success(let token):
      let hub = self.hub
      continuation.onTermination = { _ in
        hub.unsubscribe(owner: owner, service: service, token: token)
      }
    case .failure(let error):
      continuation.finish(throwing: error)
    }
    return stream
  }

  /// Stops `owner`'s `service` stream and waits for readers no one needs any more.
  func stop(owner: AnyHashableSendable, service: MotionSensor) async {
    for task in hub.unsubscribe(owner: owner, service: service) { await task.value }
  }

  /// Stops everything `owner` runs, waits for the readers, and forgets the manager.
  func destroy(owner: AnyHashableSendable) async {
    let stopped = hub.removeAll(owner: owner)
    registry.destroy(owner)
    for task in stopped { await task.value }
  }
}
