import ComposableMotion
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// The streaming reader: what `imu-fuse` and replays of large files use. Memory is a fixed
/// buffer whatever the input, and input that is not a CSV of rows ends with a short, clear error.
@Suite("IMURecordingReader")
struct IMURecordingReaderTests {
  private static let header = "t,gyr_x,gyr_y,gyr_z,acc_x,acc_y,acc_z,mag_x,mag_y,mag_z"

  /// Writes `text` to a fresh temporary file and returns its path.
  private func file(_ text: some Collection<UInt8>) throws -> String {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("imu-reader-\(UUID().uuidString).csv").path
    try Data(text).write(to: URL(fileURLWithPath: path))
    return path
  }

  @Test func readsTheSameSamplesAsTheWholeFileParser() throws {
    var csv = Self.header + "\r\n"
    for row in 0..<1000 {
      let t = Double(row) / 100
      csv += "\(t),0.1,0.2,0.3,0.01,0.02,9.81,"
      csv += row % 3 == 0 ? ",,\r\n" : "10,20,-40\r\n"
    }
    csv += "\n"  // a trailing empty line is skipped
    let path = try file(Array(csv.utf8))
    defer { unlink(path) }

    let reader = try IMURecordingReader(path: path)
    var streamed: [IMURecording.Sample] = []
    while let sample = try reader.next() { streamed.append(sample) }

    let whole = try IMURecording(csv: csv)
    #expect(reader.hasMagnetometer)
    #expect(streamed.count == 1000)
    #expect(streamed == whole.samples)
  }

  @Test func aLastLineWithoutALineEndStillCounts() throws {
    let path = try file(Array((Self.header + "\n0,0,0,0,0,0,9.8,1,2,3").utf8))
    defer { unlink(path) }
    let reader = try IMURecordingReader(path: path)
    #expect(try reader.next()?.magnetometer == SIMD3(1, 2, 3))
    #expect(try reader.next() == nil)
  }

  @Test func endlessZerosEndWithALineTooLongErrorNotExhaustedMemory() throws {
    var reader: IMURecordingReader?
    #expect {
      reader = try IMURecordingReader(path: "/dev/zero", maximumLineLength: 4096)
    } throws: { error in
      guard case .lineTooLong(let line, let limit, let excerpt) = error as? IMURecordingError
      else { return false }
      return line == 1 && limit == 4096 && excerpt.count <= 40
        && "\(error)".contains("/dev/zero")
    }
    #expect(reader == nil)
  }

  @Test func aHugeCellIsQuotedAsAShortExcerpt() throws {
    let cell = String(repeating: "x", count: 50_000)
    let path = try file(Array((Self.header + "\n0,\(cell),0,0,0,0,9.8,,,\n").utf8))
    defer { unlink(path) }
    let reader = try IMURecordingReader(path: path)
    #expect {
      _ = try reader.next()
    } throws: { error in
      guard
        case .nonNumericCell(let line, let column, let name, let text) =
          error as? IMURecordingError
      else { return false }
      return line == 2 && column == 2 && name == "gyr_x" && text.count <= 41
        && "\(error)".count < 200
    }
  }

  @Test func aLineLongerThanTheLimitNamesItsNumber() throws {
    let long = String(repeating: "1", count: 200)
    let path = try file(Array((Self.header + "\n0,0,0,0,0,0,9.8,,,\n\(long)\n").utf8))
    defer { unlink(path) }
    let reader = try IMURecordingReader(path: path, maximumLineLength: 100)
    #expect(try reader.next() != nil)
    #expect(
      throws: IMURecordingError.lineTooLong(line: 3, limit: 100, excerpt: String(long.prefix(40)))
    ) {
      _ = try reader.next()
    }
  }

  @Test func aMissingFileIsAnUnreadableFileErrorWithAdvice() {
    #expect {
      _ = try IMURecordingReader(path: "/nonexistent/trial.csv")
    } throws: { error in
      guard case .unreadableFile(let path, let reason) = error as? IMURecordingError else {
        return false
      }
      return path == "/nonexistent/trial.csv" && reason.contains("no such file")
    }
  }

  @Test func rowsMustBeInIncreasingTimeAcrossReads() throws {
    let path = try file(Array((Self.header + "\n1,0,0,0,0,0,9.8,,,\n1,0,0,0,0,0,9.8,,,\n").utf8))
    defer { unlink(path) }
    let reader = try IMURecordingReader(path: path)
    _ = try reader.next()
    #expect(throws: IMURecordingError.nonIncreasingTime(line: 3, previous: 1, current: 1)) {
      _ = try reader.next()
    }
  }

  @Test func readsAFIFOAsItArrives() throws {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("imu-fifo-\(UUID().uuidString)").path
    #expect(mkfifo(path, 0o600) == 0)
    defer { unlink(path) }
    let rows = Self.header + "\n0,0,0,0,0,0,9.8,,,\n0.01,0,0,0,0,0,9.8,,,\n"
    let writer = Thread {
      let fd = open(path, O_WRONLY)
      _ = rows.withCString { write(fd, $0, strlen($0)) }
      close(fd)
    }
    writer.start()
    let reader = try IMURecordingReader(path: path)
    var count = 0
    while try reader.next() != nil { count += 1 }
    #expect(count == 2)
  }
}

/// Found by Fuzz/IMURecordingFuzzer: a header of many long, wrong names made a 1,069-character
/// message. Errors quote a bounded excerpt of the header, whatever its size.
@Suite("IMURecording error messages")
struct IMURecordingErrorMessageTests {
  @Test func aHugeHeaderIsQuotedAsABoundedExcerpt() {
    let names = (0..<500).map { "column_\($0)_" + String(repeating: "x", count: 100) }
    #expect {
      _ = try IMURecording(csv: names.joined(separator: ",") + "\n")
    } throws: { error in
      guard case .missingColumn(let name, let header) = error as? IMURecordingError else {
        return false
      }
      return name == "t" && header.count == 13 && header.last == "… 488 more"
        && "\(error)".count < 1_000
    }
  }
}
