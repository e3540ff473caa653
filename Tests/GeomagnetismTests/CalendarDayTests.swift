import Geomagnetism
import Testing

@Suite struct CalendarDayTests {
  @Test("YYYY-MM-DD text names the day, and the day counts as NOAA's decimal year")
  func parsesISODays() throws {
    let day = try CalendarDay("2025-07-02")
    #expect(day == (try CalendarDay(year: 2025, month: 7, day: 2)))
    #expect(day.decimalYear == (try WorldMagneticModel.decimalYear(year: 2025, month: 7, day: 2)))
    #expect(day.decimalYear == 2025 + 182 / 365.0)
    #expect(try CalendarDay("2028-12-31").decimalYear == 2028 + 365 / 366.0)
    #expect(try CalendarDay("2000-02-29").description == "2000-02-29")
    #expect(try CalendarDay(year: 7, month: 3, day: 9).description == "0007-03-09")
  }

  @Test(
    "text of another shape is malformed, not guessed at",
    arguments: [
      "2025-4-02", "2025-04-2", "25-04-02", "2025/04/02", "2025-04-02T00:00", " 2025-04-02",
      "+025-04-02", "2025-0a-02", "", "2025-04-02\u{0}", "２０２５-04-02",
    ])
  func rejectsOtherShapes(text: String) {
    #expect(throws: GeomagneticError.malformedDay(text)) { try CalendarDay(text) }
  }

  @Test("a well-formed day that does not exist is an invalid date naming it")
  func rejectsDaysThatDoNotExist() {
    #expect(throws: GeomagneticError.invalidDate(year: 2025, month: 2, day: 29)) {
      try CalendarDay("2025-02-29")
    }
    #expect(throws: GeomagneticError.invalidDate(year: 1900, month: 2, day: 29)) {
      try CalendarDay("1900-02-29")
    }
    #expect(throws: GeomagneticError.invalidDate(year: 2025, month: 0, day: 10)) {
      try CalendarDay("2025-00-10")
    }
    #expect(throws: GeomagneticError.invalidDate(year: 2025, month: 4, day: 31)) {
      try CalendarDay(year: 2025, month: 4, day: 31)
    }
    #expect(GeomagneticError.malformedDay("1 May").description.contains("YYYY-MM-DD"))
  }
}
