// imu-fuse: fuses a gyroscope/accelerometer/magnetometer recording into attitude quaternions.
//
//   imu-fuse INPUT.csv [--6d] [--offline] [--no-mag-calibration] [--calibration-in FILE]
//     [--calibration-out FILE] [--accuracy] [--latitude LAT --longitude LON [--altitude M]
//     [--date YYYY-MM-DD]] > OUTPUT.csv
//
// Exit status: 0 success, 1 unreadable, invalid or unusable input, 2 usage error, 3 some rows rejected.
import ComposableMotion
import ComposableSensorsFoundation
import Foundation
import Geomagnetism

let usage = """
  usage: imu-fuse INPUT.csv [--6d] [--offline] [--no-mag-calibration]
                  [--calibration-in FILE] [--calibration-out FILE] [--accuracy]
                  [--latitude LAT --longitude LON [--altitude M] [--date YYYY-MM-DD]]
                  > OUTPUT.csv

  Estimates the orientation of an IMU for every row of a recording and writes CSV
  t,qw,qx,qy,qz: the unit quaternion rotating sensor coordinates into East-North-Up.

  INPUT.csv  header with columns by name (any order, others ignored):
             t (s), gyr_x,gyr_y,gyr_z (rad/s), acc_x,acc_y,acc_z (m/s², +9.81 up at rest),
             optional mag_x,mag_y,mag_z (µT; a row may leave all three empty).
             Use - to read standard input.
  --6d       ignore the magnetometer: z is up, the heading is arbitrary and drifts.
  --offline  look ahead: estimate every row from the whole recording (forward-backward
             smoother; more accurate, but no longer causal: rows depend on later rows).
  --no-mag-calibration
             use the magnetometer as recorded. By default a hard- and soft-iron
             calibration is learned online from the rotations (each row's estimate
             uses only the rows up to it) and the heading uses the corrected field.
             (--offline uses the magnetometer as recorded.)
  --calibration-in FILE
             start from the calibration saved in FILE (one line, as written by
             --calibration-out) instead of uncalibrated.
  --calibration-out FILE
             write the calibration reached at the end to FILE (one line).
  --accuracy append two columns to every row: accuracy (the magnetometer heading's
             level: uncalibrated, low, medium or high) and heading_accuracy (a bound in
             degrees on the heading's error, negative while there is no usable heading,
             as Core Location's headingAccuracy). With --6d or --offline every row says
             uncalibrated,-1.
  --latitude LAT --longitude LON [--altitude M] [--date YYYY-MM-DD]
             where and when the recording was made (degrees north and east, WGS84;
             metres above the ellipsoid, default 0; the day, default today, UTC). The
             calibration then expects the World Magnetic Model's (WMM2025) field there:
             a fit whose field strength is more than 30 % from the model's, or whose dip
             is more than 10° from it, is not adopted. Without them it expects a field
             some place on Earth has (22–67 µT for the dip seen, ±30 %). The
             model covers 2025–2030: for an older recording give a day in 2025 (the
             field drifts by about 0.1 % a year).
  --help     show this help.

  Rows the filter cannot use (a value beyond any real sensor's range, such as a rate
  of 1e200 rad/s, or a time gap over 10 s) are rejected: their estimate repeats the
  previous one (with --offline: is taken from the rows around it) and each is
  reported on standard error.

  Rows are fused and written as they are read, so the input may be of any size
  (with --offline it is held in memory: about 350 bytes a row, 720 MB for 2 million
  rows). A malformed row ends the run with status 1 after the rows before it were
  written, unless the output is still within its 64 KiB buffer.

  Exit status: 0 success, 1 invalid or unusable input (no row could be used),
  2 usage error, 3 success but some rows were rejected.

  """

func fail(_ message: String, status: Int32) -> Never {
  FileHandle.standardError.write(Data("imu-fuse: \(message)\n".utf8))
  exit(status)
}

var inputPath: String?
var sixD = false
var offline = false
var calibrates = true
var calibrationIn: String?
var calibrationOut: String?
var reportsAccuracy = false
var place = RecordingPlace()
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
  switch argument {
  case "--help", "-h":
    print(usage, terminator: "")
    exit(0)
  case "--6d":
    sixD = true
  case "--offline":
    offline = true
  case "--no-mag-calibration":
    calibrates = false
  case "--accuracy":
    reportsAccuracy = true
  case "--calibration-in", "--calibration-out":
    guard let file = arguments.popFirst() else {
      fail("\(argument) needs a file name\n\(usage)", status: 2)
    }
    if argument == "--calibration-in" { calibrationIn = file } else { calibrationOut = file }
  case "--latitude", "--longitude", "--altitude":
    switch RecordingPlace.number(arguments.popFirst(), option: argument) {
    case .success(let value):
      if argument == "--latitude" {
        place.latitude = value
      } else if argument == "--longitude" {
        place.longitude = value
      } else {
        place.altitude = value
      }
    case .failure(let error):
      fail("\(error)\n\(usage)", status: 2)
    }
  case "--date":
    guard let day = arguments.popFirst() else { fail("--date needs a value\n\(usage)", status: 2) }
    do throws(GeomagneticError) {
      place.date = try CalendarDay(day)
    } catch {
      fail("--date: \(error)\n\(usage)", status: 2)
    }
  case _ where argument.hasPrefix("--"):
    fail("unknown option \(argument)\n\(usage)", status: 2)
  default:
    guard inputPath == nil else { fail("more than one input file given\n\(usage)", status: 2) }
    inputPath = argument
  }
}
guard let inputPath else { fail("no input file given\n\(usage)", status: 2) }
var fieldPrior = MagneticFieldPrior.earthWide
if place.isGiven {
  switch place.prior() {
  case .success(let prior): fieldPrior = prior
  case .failure(let error): fail("\(error)\n\(usage)", status: 2)
  }
}

let reader: IMURecordingReader
do {
  reader =
    inputPath == "-"
    ? try IMURecordingReader.standardInput() : try IMURecordingReader(path: inputPath)
} catch {
  fail("\(inputPath): \(error)", status: 1)
}

guard reader.sensors.isSuperset(of: [.gyroscope, .accelerometer]) else {
  fail(
    "\(inputPath): the recording has \(reader.sensors) columns only; imu-fuse needs the "
      + "gyroscope (gyr_x,gyr_y,gyr_z) and the accelerometer (acc_x,acc_y,acc_z)", status: 1)
}

/// The next row, or a failure naming the input and the line.
@MainActor func nextRow() -> IMURecording.Sample? {
  do {
    return try reader.next()
  } catch {
    fail("\(inputPath): \(error)", status: 1)
  }
}

// The causal filter streams: each row is fused as it is read and its output goes out through a
// 64 KiB buffer, so memory does not depend on the input's size. The offline smoother needs
// every row first: with --offline the recording and its estimates are held in memory (about
// 350 bytes a row: 717 MB peak for 2 million rows, measured with /usr/bin/time -v).
let recorded: [IMURecording.Sample]?
if offline {
  var samples: [IMURecording.Sample] = []
  while let sample = nextRow() { samples.append(sample) }
  recorded = samples
} else {
  recorded = nil
}
let smoothed = recorded.map {
  OfflineOrientationSmoother().smooth($0, usesMagnetometer: !sixD)
}
let initialCalibration = calibrationIn.map { readCalibration($0) }
var filter = OrientationFilter(
  magnetometerCalibrator: calibrates && !sixD
    ? MagnetometerCalibrator(initial: initialCalibration, fieldPrior: fieldPrior) : nil)
var output = OutputBuffer()
var rows = 0
var rejectedRows = 0
let reportedRejections = 20

@MainActor func write(_ text: String) {
  do {
    try output.append(text)
  } catch {
    fail("could not write the output: \(error.localizedDescription)", status: 1)
  }
}

/// The next row: from memory with --offline, else read from the input.
@MainActor func nextSample() -> IMURecording.Sample? {
  if let recorded { return rows < recorded.count ? recorded[rows] : nil }
  return nextRow()
}

/// The accuracy and heading_accuracy columns for the row just fused.
@MainActor func accuracyColumns() -> String {
  guard recorded == nil, !sixD else { return "uncalibrated,-1" }
  let level: String
  switch filter.magneticFieldAccuracy {
  case .uncalibrated: level = "uncalibrated"
  case .low: level = "low"
  case .medium: level = "medium"
  case .high: level = "high"
  }
  let bound = filter.headingAccuracy
  return bound < 0 ? "\(level),-1" : "\(level),\((bound * 100).rounded() / 100)"
}

write(reportsAccuracy ? "t,qw,qx,qy,qz,accuracy,heading_accuracy\n" : "t,qw,qx,qy,qz\n")
while let sample = nextSample() {
  let index = rows
  rows += 1
  let rejection: OrientationFilter.SampleRejection?
  if let smoothed {
    rejection = smoothed.rejections[index]
  } else {
    var row = sample
    if sixD { row.magnetometer = nil }
    rejection = filter.update(row) ? nil : filter.lastRejection
  }
  if let reason = rejection {
    rejectedRows += 1
    if rejectedRows <= reportedRejections {
      // Row numbers count data rows from 1, after the header.
      FileHandle.standardError.write(
        Data("imu-fuse: row \(index + 1) (t = \(sample.time) s) rejected: \(reason)\n".utf8))
    }
  }
  let q =
    smoothed.map { sixD ? $0.orientations6D[index] : $0.orientations[index] }
    ?? (sixD ? filter.orientation6D : filter.orientation)
  if reportsAccuracy {
    write("\(sample.time),\(q.w),\(q.x),\(q.y),\(q.z),\(accuracyColumns())\n")
  } else {
    write("\(sample.time),\(q.w),\(q.x),\(q.y),\(q.z)\n")
  }
}
if rejectedRows > reportedRejections {
  FileHandle.standardError.write(
    Data("imu-fuse: \(rejectedRows - reportedRejections) more rows rejected\n".utf8))
}
if rows > 0, rejectedRows == rows {
  fail("\(inputPath): no row could be used (all \(rejectedRows) rejected)", status: 1)
}
if let calibrationOut {
  writeCalibration(filter.magnetometerCalibrator?.calibration ?? .uncalibrated, to: calibrationOut)
}
do {
  try output.flush()
} catch {
  fail("could not write the output: \(error.localizedDescription)", status: 1)
}
if rejectedRows > 0 {
  FileHandle.standardError.write(
    Data("imu-fuse: \(rejectedRows) of \(rows) rows rejected\n".utf8))
  exit(3)
}
