import Geomagnetism
import SensorsCore

extension SensorsDemo {
  /// `sensors-demo magnetic-field`: one evaluation of the World Magnetic Model, printed as one
  /// JSON object (`--json`) or as lines. A date or place outside the model exits with status 1
  /// and the model's reason.
  static func magneticField(_ arguments: DemoArguments, mode: OutputMode) -> Int32 {
    switch magneticFieldOutput(arguments, json: mode == .json, now: .now()) {
    case .success(let lines):
      OutputWriter().write(lines: lines)
      return 0
    case .failure(let error):
      StandardError.write("sensors-demo: \(error.description)")
      return 1
    }
  }

  /// What `magnetic-field` prints for `arguments`; `now` is the date when `--date` is absent.
  static func magneticFieldOutput(_ arguments: DemoArguments, json: Bool, now: Timestamp)
    -> Result<[String], GeomagneticError>
  {
    let model = WorldMagneticModel.wmm2025
    let (latitude, longitude) = (arguments.latitude ?? 0, arguments.longitude ?? 0)
    let altitude = arguments.altitude ?? 0
    let field: GeomagneticField
    do throws(GeomagneticError) {
      let year = arguments.date?.decimalYear ?? WorldMagneticModel.decimalYear(now)
      field = try model.field(
        latitude: latitude, longitude: longitude, altitude: altitude, decimalYear: year)
    } catch {
      return .failure(error)
    }
    let elements = [
      ("declination", field.declination), ("inclination", field.inclination),
      ("total", field.totalIntensity), ("horizontal", field.horizontalIntensity),
      ("north", field.north), ("east", field.east), ("down", field.down),
    ]
    guard !json else {
      var line = JSONLine(event: "magnetic-field")
      line.add("model", model.name)
      line.add("latitude", latitude)
      line.add("longitude", longitude)
      line.add("altitude", altitude)
      for (key, value) in elements { line.add(key, value) }
      return .success([line.description])
    }
    let place =
      "\(Format.fixed(latitude, 5))°, \(Format.fixed(longitude, 5))°, "
      + "\(Format.fixed(altitude, 1)) m above the WGS84 ellipsoid"
    return .success(
      ["\(model.name) at \(place)"]
        + elements.map { name, value in
          let padded = name + String(repeating: " ", count: max(1, 13 - name.count))
          return name == "declination" || name == "inclination"
            ? padded + Format.fixed(value, 3) + "°"
              + (name == "declination" ? (value < 0 ? " (west)" : " (east)") : "")
            : padded + Format.fixed(value, 1) + " nT"
        })
  }
}
