extension LocationClient {
  /// A client whose endpoints all go to one engine (shared by the live and replay backends).
  static func engine(_ engine: LocationEngine) -> LocationClient {
    LocationClient(engine: engine)
  }

  /// Each stored endpoint is assigned here (not through the public initialiser's defaults), so
  /// the compiler rejects one left out: gpsd, GeoClue and replay clients all come from here.
  private init(engine: LocationEngine) {
    create = { await engine.create($0) }
    destroy = { await engine.destroy($0) }
    authorizationStatus = { await engine.status }
    authorizationStatusUpdates = { await engine.authorizationUpdates() }
    locationServicesEnabled = { await engine.servicesEnabled }
    requestWhenInUseAuthorization = {
      await engine.requestAuthorization($0, kind: .authorizedWhenInUse)
    }
    requestAlwaysAuthorization = { await engine.requestAuthorization($0, kind: .authorizedAlways) }
    requestLocation = { id throws(LocationError) in try await engine.requestLocation(id) }
    startUpdatingLocation = { id in
      await engine.update(id) { manager in
        manager.isUpdatingLocation = true
        manager.updates.reset()
      }
    }
    stopUpdatingLocation = { id in await engine.update(id) { $0.isUpdatingLocation = false } }
    location = { await engine.latest($0) }
    set = { await engine.set($0, $1) }
    startUpdatingHeading = { id in
      await engine.update(id) { manager in
        manager.isUpdatingHeading = true
        manager.heading.reset()
        manager.restartsCompass = true
      }
    }
    stopUpdatingHeading = { id in await engine.update(id) { $0.isUpdatingHeading = false } }
    startMonitoring = { await engine.startMonitoring($0, $1) }
    stopMonitoring = { id, region in await engine.update(id) { $0.regions[region.id] = nil } }
    requestState = { await engine.requestState($0, $1) }
    monitoredRegions = { await engine.monitoredRegions($0) }
    startMonitoringSignificantLocationChanges = { id in
      await engine.update(id) { $0.isMonitoringSignificantChanges = true }
    }
    stopMonitoringSignificantLocationChanges = { id in
      await engine.update(id) { $0.isMonitoringSignificantChanges = false }
    }
    startMonitoringVisits = { id in await engine.update(id) { $0.isMonitoringVisits = true } }
    stopMonitoringVisits = { id in await engine.update(id) { $0.isMonitoringVisits = false } }
    droppedEvents = { await engine.dropped($0) }
    heading = { await engine.latestHeading($0) }
    headingAvailable = { true }
    significantLocationChangeMonitoringAvailable = { true }
    maximumRegionMonitoringDistance = { Region.maximumRadius }
  }
}
