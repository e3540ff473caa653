import Geomagnetism
import SensorsCore

extension LocationEngine {
  /// Starts the compass when the manager updates headings and a compass is configured (again
  /// when the orientation changed, or heading updates were started again); stops it when
  /// headings stop.
  func reconcileCompass(_ id: AnyHashableSendable) async {
    guard var manager = managers[id] else { return }
    let wanted = configuration.compass.flatMap { compass in
      manager.isUpdatingHeading ? (compass, manager.headingOrientation) : nil
    }
    let restart = manager.restartsCompass
    manager.restartsCompass = false
    managers[id] = manager
    if let running = manager.compass, restart || running.orientation != wanted?.1 {
      manager.compass = nil
      managers[id] = manager
      running.task.cancel()
      await running.task.value
      guard let current = managers[id] else { return }
      manager = current
    }
    guard let (compass, orientation) = wanted, manager.compass == nil else { return }
    let token = token()
    let readings = compass.readings(orientation)
    let task = Task.inheritingExecutor { [weak self] in
      do {
        for try await reading in readings {
          guard let (event, channel) = await self?.receive(reading, for: id, token: token) else {
            return
          }
          // Outside the actor, waiting for room: a compass heading is never dropped here; a
          // live source's own bounded stream is where a slow consumer loses readings.
          if let event { _ = await channel.send(event) }
        }
        // The source ended (a replayed recording): forget it, so a start opens a new one.
        await self?.compassEnded(nil, for: id, token: token)
      } catch is CancellationError {
        return
      } catch {
        await self?.compassEnded(error, for: id, token: token)
      }
    }
    manager.compass = (task, orientation, token)
    managers[id] = manager
  }

  /// The heading event `reading` gives the manager, with its stream; nil once the compass
  /// subscription is no longer the manager's.
  private func receive(_ reading: CompassReading, for id: AnyHashableSendable, token: Int)
    -> (LocationEvent?, LosslessChannel<LocationEvent>)?
  {
    guard var manager = managers[id], manager.compass?.token == token else { return nil }
    let event = manager.event(for: reading)
    managers[id] = manager
    return (event, manager.channel)
  }

  /// Forgets the manager's compass subscription `token` once it ended, reporting `error`.
  private func compassEnded(_ error: (any Error)?, for id: AnyHashableSendable, token: Int) {
    guard var manager = managers[id], manager.compass?.token == token else { return }
    manager.compass = nil
    if let error { manager.emit(.failed(.compassFailed(CompassFailure(error)))) }
    managers[id] = manager
  }
}
