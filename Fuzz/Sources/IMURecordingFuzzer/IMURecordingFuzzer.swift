import ComposableMotion
import FuzzDriver
import Glibc

/// libFuzzer entry point: the bytes as an IMU recording CSV. Parsing may reject the input with a
/// typed error whose message is short (a bad cell is quoted as an excerpt); it must never trap,
/// and what it accepts holds only finite values in strictly increasing time.
@_cdecl("LLVMFuzzerTestOneInput")
public func imuRecordingFuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
  do {
    let recording = try IMURecording(csv: bytes)
    var previous = -Double.infinity
    for sample in recording.samples {
      var values: [Double] = [sample.time]
      for axis in 0..<3 {
        values += [sample.gyroscope?[axis] ?? 0, sample.accelerometer?[axis] ?? 0]
        values.append(sample.magnetometer?[axis] ?? 0)
      }
      guard values.allSatisfy(\.isFinite) else { fatalError("a non-finite value was accepted") }
      guard sample.time > previous else { fatalError("time does not increase at \(sample.time)") }
      previous = sample.time
    }
  } catch {
    // Messages quote at most a short excerpt of the input, whatever its size.
    let message = "\(error)"
    if message.count > 1_000 { fatalError("an error message of \(message.count) characters") }
  }
  return 0
}

/// The executable's entry point: libFuzzer's driver, run on this harness's target.
@main
enum IMURecordingFuzzer {
  static func main() {
    runLibFuzzer(imuRecordingFuzzerTestOneInput)
  }
}
