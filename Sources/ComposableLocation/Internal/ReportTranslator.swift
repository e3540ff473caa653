import GPSD

/// Turns gpsd reports into what a location manager understands. Pure.
enum ReportTranslator {
  /// The inputs one report gives; reports that mean nothing to a location manager give none.
  static func inputs(for report: GPSDReport) -> [FeedInput] {
    switch report {
    case .tpv(let tpv):
      guard let location = location(from: tpv) else { return [] }
      // A receiver or a hand-edited capture can claim a position off the globe: say so rather
      // than hand regions and filters a point they cannot measure from.
      guard location.coordinate.isValid else {
        return [.failure(.invalidCoordinate(location.coordinate))]
      }
      return [.location(location)]
    case .sky(let sky):
      // gpsd also sends SKY reports with only DOPs; an empty list there means "not reported".
      guard !sky.satellites.isEmpty else { return [] }
      return [.satellites(sky.satellites.map(satellite(from:)))]
    case .device(let device):
      if device.isDeactivated { return [.service(.deviceLost(device: device.path))] }
      guard let path = device.path, device.activated != nil else { return [] }
      return [.service(.deviceActivated(device: path))]
    case .error(let message):
      return [.failure(.gpsdError(GPSDErrorReport(message: message)))]
    case .version, .devices, .watch, .gst, .att, .toff, .pps, .unknown:
      return []
    }
  }

  /// A location for a TPV that carries a fix (mode 2 or 3 with latitude and longitude).
  static func location(from tpv: TPVReport) -> Location? {
    guard tpv.mode.hasFix, let lat = tpv.lat, let lon = tpv.lon else { return nil }
    let horizontal = tpv.eph ?? max(tpv.epx, tpv.epy)
    return Location(
      coordinate: Coordinate(latitude: lat, longitude: lon),
      altitude: tpv.altMSL ?? tpv.alt,
      ellipsoidalAltitude: tpv.altHAE,
      horizontalAccuracy: horizontal,
      verticalAccuracy: tpv.epv,
      speed: tpv.speed,
      speedAccuracy: tpv.eps,
      course: tpv.track,
      courseAccuracy: tpv.epd,
      climb: tpv.climb,
      magneticVariation: tpv.magvar,
      geoidSeparation: tpv.geoidSep,
      timestamp: tpv.time?.timestamp,
      fix: FixKind(mode: tpv.mode.rawValue, status: tpv.status?.rawValue),
      device: tpv.device
    )
  }

  static func satellite(from sat: GPSDSatellite) -> Satellite {
    Satellite(
      prn: sat.prn, gnssID: sat.gnssid, svid: sat.svid, azimuth: sat.az, elevation: sat.el,
      signalStrength: sat.ss, used: sat.used)
  }

  private static func max(_ a: Double?, _ b: Double?) -> Double? {
    switch (a, b) {
    case (let a?, let b?): Swift.max(a, b)
    case (let a?, nil): a
    case (nil, let b?): b
    case (nil, nil): nil
    }
  }
}
