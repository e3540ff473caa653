import Foundation
import Glibc
import LinuxIIO

/// Polling six channels (LSM6DSOX accel + gyro values) at 100 Hz.
enum PollingCost {
  static let attributes: [String: String] = [
    "iio:device0/name": "lsm6dsox\n",
    "iio:device0/in_accel_x_raw": "3231\n", "iio:device0/in_accel_y_raw": "-646\n",
    "iio:device0/in_accel_z_raw": "16324\n", "iio:device0/in_anglvel_x_raw": "-17\n",
    "iio:device0/in_anglvel_y_raw": "53\n", "iio:device0/in_anglvel_z_raw": "-24\n",
    "iio:device0/in_accel_scale": "0.000598205\n", "iio:device0/in_anglvel_scale": "0.000152716\n",
  ]

  static func measure(seconds: Double) async throws -> Cost {
    let tree = try TemporaryTree(attributes: attributes)
    defer { tree.remove() }
    let device = try IIOSystem(root: tree.root, deviceDirectory: tree.dev).device(index: 0)
    let reader = try IIOPollingReader(
      device: device, channels: device.channels(ofType: .accel) + device.channels(ofType: .anglvel),
      interval: .milliseconds(10))
    let library = try await measureCPU(seconds: seconds) {
      var count = 0
      do {
        for try await sample in reader.samples() where sample.vector(.accel) != nil { count += 1 }
      } catch is CancellationError {}
      return count
    }
    let paths = device.channels.map { device.path + "/" + $0.id.rawValue + "_raw" }
    let bare = try await measureCPU(seconds: seconds) { try await bareLoop(paths: paths) }
    return Cost(
      library: library.fraction, bare: bare.fraction, rate: Double(library.count) / seconds)
  }

  /// The reference: open, read, parse and close each file every 10 ms, nothing else.
  static func bareLoop(paths: [String]) async throws -> Int {
    let clock = ContinuousClock()
    var deadline = clock.now
    var count = 0
    var buffer = [UInt8](repeating: 0, count: 64)
    var sum = 0.0
    while !Task.isCancelled {
      for path in paths {
        let fd = open(path, O_RDONLY)
        let length = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        close(fd)
        sum += Double(String(decoding: buffer[0..<max(0, length - 1)], as: UTF8.self)) ?? 0
      }
      count += 1
      deadline = deadline.advanced(by: .milliseconds(10))
      do { try await clock.sleep(until: deadline) } catch { break }
    }
    return sum.isNaN ? 0 : count
  }
}
