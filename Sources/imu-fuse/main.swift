// imu-fuse: fuses a gyroscope/accelerometer/magnetometer recording into attitude quaternions.
//
//   imu-fuse INPUT.csv [--6d] > OUTPUT.csv
//
// Exit status: 0 success, 1 unreadable or invalid input, 2 usage error.
import ComposableMotion
import ComposableSensorsFoundation
import Foundation

let usage = """
  usage: imu-fuse INPUT.csv [--6d] > OUTPUT.csv

  Estimates the orientation of an IMU for every row of a recording and writes CSV
  t,qw,qx,qy,qz: the unit quaternion rotating sensor coordinates into East-North-Up.

  INPUT.csv  header with columns by name (any order, others ignored):
             t (s), gyr_x,gyr_y,gyr_z (rad/s), acc_x,acc_y,acc_z (m/s², +9.81 up at rest),
             optional mag_x,mag_y,mag_z (µT; a row may leave all three empty).
             Use - to read standard input.
  --6d       ignore the magnetometer: z is up, the heading is arbitrary and drifts.
  --help     show this help.

  Exit status: 0 success, 1 invalid input, 2 usage error.

  """

func fail(_ message: String, status: Int32) -> Never {
  FileHandle.standardError.write(Data("imu-fuse: \(message)\n".utf8))
  exit(status)
}

var inputPath: String?
var sixD = false
for argument in CommandLine.arguments.dropFirst() {
  switch argument {
  case "--help", "-h":
    print(usage, terminator: "")
    exit(0)
  case "--6d":
    sixD = true
  case _ where argument.hasPrefix("--"):
    fail("unknown option \(argument)\n\(usage)", status: 2)
  default:
    guard inputPath == nil else { fail("more than one input file given\n\(usage)", status: 2) }
    inputPath = argument
  }
}
guard let inputPath else { fail("no input file given\n\(usage)", status: 2) }

let recording: IMURecording
do {
  if inputPath == "-" {
    recording = try IMURecording(csv: FileHandle.standardInput.readDataToEndOfFile())
  } else {
    recording = try IMURecording(contentsOf: URL(fileURLWithPath: inputPath))
  }
} catch {
  fail("\(inputPath): \(error)", status: 1)
}

var filter = OrientationFilter()
var output = [UInt8]()
output.reserveCapacity(recording.samples.count * 96 + 16)
output.append(contentsOf: "t,qw,qx,qy,qz\n".utf8)
for sample in recording.samples {
  filter.update(
    gyroscope: sample.gyroscope, accelerometer: sample.accelerometer,
    magnetometer: sixD ? nil : sample.magnetometer, timestamp: sample.time)
  let q = sixD ? filter.orientation6D : filter.orientation
  output.append(contentsOf: "\(sample.time),\(q.w),\(q.x),\(q.y),\(q.z)\n".utf8)
}
do {
  try FileHandle.standardOutput.write(contentsOf: output)
} catch {
  fail("could not write the output: \(error.localizedDescription)", status: 1)
}
