import ComposableMotion
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

@Suite("IMURecording CSV")
struct IMURecordingTests {
  @Test func columnsAreFoundByNameAndOthersIgnored() throws {
    let csv = """
      acc_z,note,t,gyr_x,gyr_y,gyr_z,acc_x,acc_y,mag_x,mag_y,mag_z\r
      9.81,a,0.0,0.1,0.2,0.3,0.01,0.02,10,20,-40\r
      9.80,b,0.01,0.1,0.2,0.3,0.01,0.02,,,\r

      """
    let recording = try IMURecording(csv: csv)
    #expect(recording.hasMagnetometer)
    #expect(recording.samples.count == 2)
    let first = recording.samples[0]
    #expect(first.time == 0 && first.gyroscope == SIMD3(0.1, 0.2, 0.3))
    #expect(first.accelerometer == SIMD3(0.01, 0.02, 9.81))
    #expect(first.magnetometer == SIMD3(10, 20, -40))
    #expect(recording.samples[1].magnetometer == nil)  // a row without a magnetometer sample
  }

  @Test func aByteOrderMarkBeforeTheHeaderIsSkipped() throws {
    let bytes =
      [0xEF, 0xBB, 0xBF] + Array("t,gyr_x,gyr_y,gyr_z,acc_x,acc_y,acc_z\n0,0,0,0,0,0,9.8\n".utf8)
    #expect(try IMURecording(csv: bytes).samples.count == 1)
  }

  @Test func magnetometerColumnsAreOptional() throws {
    let recording = try IMURecording(
      csv: "t,gyr_x,gyr_y,gyr_z,acc_x,acc_y,acc_z\n1,0,0,0,0,0,9.8\n")
    #expect(!recording.hasMagnetometer && recording.samples[0].magnetometer == nil)
  }

  @Test func aMissingColumnIsNamed() {
    #expect(
      throws: IMURecordingError.missingColumn(name: "gyr_y", header: ["t", "gyr_x", "gyr_z"])
    ) {
      try IMURecording(csv: "t,gyr_x,gyr_z\n")
    }
    let error = IMURecordingError.missingColumn(name: "gyr_y", header: ["t", "gyr_x", "gyr_z"])
    #expect(error.description.contains("no column \"gyr_y\""))
  }

  @Test func aNonNumericCellIsReportedWithLineAndColumn() {
    let csv = "t,gyr_x,gyr_y,gyr_z,acc_x,acc_y,acc_z\n0,0,0,0,0,0,9.8\n0.01,0,zero,0,0,0,9.8\n"
    let expected = IMURecordingError.nonNumericCell(line: 3, column: 3, name: "gyr_y", text: "zero")
    #expect(throws: expected) { try IMURecording(csv: csv) }
    #expect(expected.description == "line 3, column 3 (gyr_y): \"zero\" is not a finite number")
  }

  @Test(arguments: ["nan", "inf", "1e999", "", "1.5x", "0x10", " "])
  func hostileCellsAreRejected(cell: String) {
    let csv = "t,gyr_x,gyr_y,gyr_z,acc_x,acc_y,acc_z\n0,\(cell),0,0,0,0,9.8\n"
    #expect(throws: IMURecordingError.self) { try IMURecording(csv: csv) }
  }

  @Test func timeMustIncrease() {
    let csv = "t,gyr_x,gyr_y,gyr_z,acc_x,acc_y,acc_z\n1,0,0,0,0,0,9.8\n1,0,0,0,0,0,9.8\n"
    #expect(throws: IMURecordingError.nonIncreasingTime(line: 3, previous: 1, current: 1)) {
      try IMURecording(csv: csv)
    }
  }

  @Test func shortRowsAndPartialMagnetometerRowsAreErrors() {
    #expect(throws: IMURecordingError.missingCells(line: 2, expected: 7, found: 3)) {
      try IMURecording(csv: "t,gyr_x,gyr_y,gyr_z,acc_x,acc_y,acc_z\n0,1,2\n")
    }
    #expect(throws: IMURecordingError.partialSensor(line: 2, sensor: .magnetometer)) {
      try IMURecording(
        csv: "t,gyr_x,gyr_y,gyr_z,acc_x,acc_y,acc_z,mag_x,mag_y,mag_z\n0,0,0,0,0,0,9.8,1,,3\n")
    }
  }

  @Test func emptyInputAndMissingFilesAreErrors() {
    #expect(throws: IMURecordingError.empty) { try IMURecording(csv: "") }
    #expect(throws: IMURecordingError.self) {
      try IMURecording(contentsOf: URL(fileURLWithPath: "/nonexistent/recording.csv"))
    }
  }

  @Test func aNamedPipeIsReadToItsEnd() throws {
    // What `imu-fuse <(zcat trial.csv.gz)` hands over: a FIFO, written while it is read.
    let path = FileManager.default.temporaryDirectory.appendingPathComponent(
      "imu-recording-\(UUID().uuidString).fifo"
    ).path
    try #require(mkfifo(path, 0o600) == 0)
    defer { unlink(path) }
    let rows = (0..<2000).map { "\(Double($0) / 100),0,0,0,0,0,9.81\n" }.joined()
    let writer = Thread {
      guard let handle = FileHandle(forWritingAtPath: path) else { return }
      handle.write(Data(("t,gyr_x,gyr_y,gyr_z,acc_x,acc_y,acc_z\n" + rows).utf8))
      try? handle.close()
    }
    writer.start()
    let recording = try IMURecording(contentsOf: URL(fileURLWithPath: path))
    #expect(recording.samples.count == 2000)
    #expect(recording.samples.last?.time == 19.99)
  }

  @Test func binaryGarbageIsRejectedWithoutCrashing() {
    var bytes = Array("t,gyr_x,gyr_y,gyr_z,acc_x,acc_y,acc_z\n".utf8)
    bytes += (0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 7919) }
    #expect(throws: IMURecordingError.self) { try IMURecording(csv: bytes) }
  }
}
