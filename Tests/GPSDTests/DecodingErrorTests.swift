import GPSD
import Testing

/// Bad lines become typed errors that say where and why, never a crash.
@Suite struct DecodingErrorTests {
  @Test func emptyAndGarbageLines() {
    #expect(throws: GPSDDecodingError.emptyLine) { try GPSDReport.decode("") }
    #expect(throws: GPSDDecodingError.emptyLine) { try GPSDReport.decode(" \r\n") }
    #expect(throws: GPSDDecodingError.malformedJSON(offset: 0, reason: "expected a JSON value")) {
      try GPSDReport.decode("$GPGGA,123519,4807.038,N")
    }
    #expect(throws: GPSDDecodingError.missingClass) { try GPSDReport.decode("[1,2,3]") }
    #expect(throws: GPSDDecodingError.missingClass) { try GPSDReport.decode(#"{"mode":3}"#) }
    #expect(throws: GPSDDecodingError.missingClass) { try GPSDReport.decode(#"{"class":3}"#) }
  }

  @Test func truncatedLineSaysSo() {
    #expect(throws: GPSDDecodingError.truncated(offset: 27)) {
      try GPSDReport.decode(#"{"class":"TPV","mode":3,"la"#)
    }
  }

  @Test func missingRequiredMember() {
    #expect(throws: GPSDDecodingError.missingMember(class: "TPV", member: "mode")) {
      try GPSDReport.decode(#"{"class":"TPV","lat":1}"#)
    }
    #expect(throws: GPSDDecodingError.missingMember(class: "SKY", member: "satellites.used")) {
      try GPSDReport.decode(#"{"class":"SKY","satellites":[{"PRN":1}]}"#)
    }
  }

  @Test func wrongTypesAndOutOfRangeValuesNameTheMember() throws {
    #expect(
      throws: GPSDDecodingError.invalidMember(
        class: "TPV", member: "lat", offset: 30, reason: "expected a number")
    ) {
      try GPSDReport.decode(#"{"class":"TPV","mode":3,"lat":"north"}"#)
    }
    // An overflowing number is infinity (gpsd's safe_atof), which no integer member accepts.
    #expect(
      throws: GPSDDecodingError.invalidMember(
        class: "TPV", member: "mode", offset: 22, reason: "expected an integer")
    ) {
      try GPSDReport.decode(#"{"class":"TPV","mode":1e999}"#)
    }
    #expect(
      throws: GPSDDecodingError.invalidMember(
        class: "TPV", member: "mode", offset: 22, reason: "mode 7 is not 0, 1, 2 or 3")
    ) {
      try GPSDReport.decode(#"{"class":"TPV","mode":7}"#)
    }
    #expect(
      throws: GPSDDecodingError.invalidMember(
        class: "TPV", member: "mode", offset: 22, reason: "expected an integer")
    ) {
      try GPSDReport.decode(#"{"class":"TPV","mode":2.5}"#)
    }
    #expect(
      throws: GPSDDecodingError.invalidMember(
        class: "TPV", member: "time", offset: 31, reason: "expected an ISO 8601 UTC time")
    ) {
      try GPSDReport.decode(#"{"class":"TPV","mode":3,"time":"2020-13-18T13:28:19Z"}"#)
    }
  }

  @Test func badUTF8AndBadEscapesAreRefused() {
    var bytes = Array(#"{"class":"TPV","mode":3,"device":"/dev/x"}"#.utf8)
    bytes[39] = 0xFF
    #expect(
      throws: GPSDDecodingError.invalidString(offset: 39, reason: "invalid UTF-8 lead byte 255")
    ) {
      try GPSDReport.decode(bytes)
    }
    #expect(throws: GPSDDecodingError.invalidString(offset: 35, reason: "unknown escape \\q")) {
      try GPSDReport.decode(#"{"class":"TPV","mode":3,"device":"\q"}"#)
    }
  }

  @Test func deepNestingIsRefusedNotRecursed() {
    let deep = #"{"class":"TPV","mode":3,"x":"# + String(repeating: "[", count: 100_000)
    #expect(throws: GPSDDecodingError.nestingTooDeep(offset: 59, limit: 32)) {
      try GPSDReport.decode(deep)
    }
  }

  @Test func trailingBytesAfterTheObject() {
    #expect(
      throws: GPSDDecodingError.malformedJSON(
        offset: 25, reason: "unexpected bytes after the report object")
    ) {
      try GPSDReport.decode(#"{"class":"TPV","mode":3} {"#)
    }
  }

  @Test func messagesArePlainEnglish() {
    let error = GPSDDecodingError.invalidMember(
      class: "TPV", member: "lat", offset: 30, reason: "expected a number")
    #expect(error.description == #"gpsd TPV report has a bad "lat" at byte 30: expected a number"#)
  }
}
