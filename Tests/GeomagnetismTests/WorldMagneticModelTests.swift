import Geomagnetism
import SensorsCore
import Testing

@Suite struct WorldMagneticModelTests {
  let model = WorldMagneticModel.wmm2025

  @Test func rejectsArgumentsOutsideTheModel() {
    func error(
      _ latitude: Double, _ longitude: Double, _ altitude: Double = 0, _ year: Double = 2026
    ) -> GeomagneticError? {
      do {
        _ = try model.field(
          latitude: latitude, longitude: longitude, altitude: altitude, decimalYear: year)
        return nil
      } catch { return error }
    }
    #expect(error(.nan, 0).map { if case .latitudeOutOfRange = $0 { true } else { false } } == true)
    #expect(error(90.0001, 0) == .latitudeOutOfRange(90.0001))
    #expect(error(-91, 0) == .latitudeOutOfRange(-91))
    #expect(error(0, .infinity) == .longitudeOutOfRange(.infinity))
    #expect(error(0, 361) == .longitudeOutOfRange(361))
    #expect(error(0, 0, -1_001) == .altitudeOutOfRange(-1_001, validRange: -1_000...850_000))
    #expect(
      error(0, 0, 900_000) == .altitudeOutOfRange(900_000, validRange: -1_000...850_000))
    #expect(
      error(0, 0, 0, 2024.999)
        == .dateOutsideModel(
          decimalYear: 2024.999, model: "WMM-2025", validFrom: 2025, validUntil: 2030))
    #expect(
      error(0, 0, 0, 2030.001)
        == .dateOutsideModel(
          decimalYear: 2030.001, model: "WMM-2025", validFrom: 2025, validUntil: 2030))
    let nanDate = error(0, 0, 0, .nan)
    #expect(nanDate.map { if case .dateOutsideModel = $0 { true } else { false } } == true)
    #expect(error(0, 0, 0, 2025) == nil)
    #expect(error(0, 0, 0, 2030) == nil)
    #expect(error(0, 360) == nil)
    #expect(GeomagneticError.latitudeOutOfRange(91).description.contains("-90...90"))
  }

  @Test func longitudeWrapsAFullTurn() throws {
    let east = try model.field(latitude: 35, longitude: 200, decimalYear: 2026)
    let west = try model.field(latitude: 35, longitude: -160, decimalYear: 2026)
    #expect(abs(east.declination - west.declination) < 1e-9)
    #expect(abs(east.down - west.down) < 1e-6)
  }

  @Test(arguments: [90.0, -90.0])
  func poleIsFiniteAndTheLimitOfItsNeighbourhood(latitude: Double) throws {
    for longitude in stride(from: -180.0, through: 180.0, by: 45) {
      let pole = try model.field(latitude: latitude, longitude: longitude, decimalYear: 2027)
      let near = try model.field(
        latitude: latitude - latitude.sign.factor * 1e-7, longitude: longitude, decimalYear: 2027)
      for (a, b) in [
        (pole.north, near.north), (pole.east, near.east), (pole.down, near.down),
        (pole.horizontalIntensity, near.horizontalIntensity),
      ] {
        #expect(a.isFinite && abs(a - b) < 0.01, "\(a) nT at the pole, \(b) nT next to it")
      }
      #expect(abs(pole.declination - near.declination) < 1e-4)
    }
  }

  @Test func yearlyChangeIsTheModelsOwnDerivative() throws {
    for (latitude, longitude) in [(47.6, -122.3), (-33.9, 151.2), (78.2, 15.6), (0.0, 80.0)] {
      let (field, change) = try model.fieldAndChange(
        latitude: latitude, longitude: longitude, altitude: 300, decimalYear: 2027)
      let later = try model.field(
        latitude: latitude, longitude: longitude, altitude: 300, decimalYear: 2027.001)
      // Components are linear in time, so the rate is exact; angles are not, hence the bound.
      #expect(abs((later.north - field.north) / 0.001 - change.north) < 1e-6)
      #expect(abs((later.east - field.east) / 0.001 - change.east) < 1e-6)
      #expect(abs((later.down - field.down) / 0.001 - change.down) < 1e-6)
      #expect(abs((later.declination - field.declination) / 0.001 - change.declination) < 1e-4)
      #expect(abs((later.inclination - field.inclination) / 0.001 - change.inclination) < 1e-4)
      #expect(
        abs((later.totalIntensity - field.totalIntensity) / 0.001 - change.totalIntensity) < 1e-3)
    }
  }

  @Test func decimalYearCountsDaysAsNOAADoes() throws {
    #expect(try WorldMagneticModel.decimalYear(year: 2025, month: 1, day: 1) == 2025)
    #expect(try WorldMagneticModel.decimalYear(year: 2025, month: 7, day: 2) == 2025 + 182 / 365.0)
    #expect(
      try WorldMagneticModel.decimalYear(year: 2028, month: 12, day: 31) == 2028 + 365 / 366.0)
    #expect(throws: GeomagneticError.invalidDate(year: 2025, month: 2, day: 29)) {
      try WorldMagneticModel.decimalYear(year: 2025, month: 2, day: 29)
    }
    #expect(throws: GeomagneticError.invalidDate(year: 2025, month: 13, day: 1)) {
      try WorldMagneticModel.decimalYear(year: 2025, month: 13, day: 1)
    }
    // 2025-07-02T00:00:00Z and 12 hours later.
    let midnight = Timestamp(timeIntervalSince1970: 1_751_414_400)
    #expect(WorldMagneticModel.decimalYear(midnight) == 2025 + 182 / 365.0)
    #expect(abs(WorldMagneticModel.decimalYear(midnight + 43_200) - (2025 + 182.5 / 365)) < 1e-12)
    #expect(WorldMagneticModel.decimalYear(Timestamp(timeIntervalSince1970: .nan)).isNaN)
    #expect(throws: GeomagneticError.self) {
      try WorldMagneticModel.wmm2025.field(
        latitude: 0, longitude: 0, at: Timestamp(timeIntervalSince1970: .infinity))
    }
  }
}

extension FloatingPointSign {
  fileprivate var factor: Double { self == .minus ? -1 : 1 }
}
