import ComposableMotion
import ComposableSensorsTesting
import Foundation
import Glibc
import SensorsTestSupport
import Testing

/// Permission denied, for real: an unprivileged user reading sensors owned by root. As root
/// (CI, containers) the check re-runs itself as `nobody` through `setpriv`.
@Suite(.tags(.integration), .timeLimit(.minutes(2))) struct MotionClientPermissionTests {
  static let childMode = "motion-unprivileged"

  @Test func streamsFailWithPermissionDeniedNamingTheFile() async throws {
    let tree = try SysfsTree(fixtures: ["isp-iio-buffer-accel", "forum-lsm6dsox"], in: .module)
    let node = try FakeCharacterDevice(tree: tree)
    defer { _ = node }
    for path in try FileManager.default.subpathsOfDirectory(atPath: tree.base) {
      var isDirectory: ObjCBool = false
      _ = FileManager.default.fileExists(atPath: tree.base + "/" + path, isDirectory: &isDirectory)
      chmod(tree.base + "/" + path, isDirectory.boolValue ? 0o755 : 0o644)
    }
    chmod(tree.base, 0o755)
    chmod(tree.devDirectory + "/iio:device0", 0o600)
    chmod(tree.root + "/iio:device1/in_anglvel_x_raw", 0o600)

    if getuid() != 0 {
      try await Self.check(base: tree.base)
      return
    }
    guard let setpriv = ChildProcess.executable("setpriv") else {
      Issue.record("running as root without setpriv (util-linux): cannot drop privileges")
      return
    }
    if let blocked = try ChildProcess.pathClosedToOthers() {
      let advice = "Build in a world-readable checkout or run the tests as a normal user."
      Issue.record("nobody (uid 65534) cannot run this binary: \(blocked) is closed. \(advice)")
      return
    }
    let child = try await ChildProcess.run(
      wrapper: [setpriv, "--reuid=65534", "--regid=65534", "--clear-groups"],
      test: "MotionClientPermissionChildTests/denied()", mode: Self.childMode,
      environment: [ChildProcess.treeVariable: tree.base])
    #expect(child.passed, "child test as nobody failed:\n\(child.output)")
  }

  /// What an unprivileged user sees: each stream fails with a message that says what was
  /// denied and where.
  static func check(base: String) async throws {
    let motion = MotionClient.live(
      root: base + "/sys/bus/iio/devices", deviceDirectory: base + "/dev", clock: TestClock())
    await motion.create(id: "user")
    await expectDenied(.accelerometer, motion.startAccelerometerUpdates(id: "user"), base: base)
    await expectDenied(.gyro, motion.startGyroUpdates(id: "user"), base: base)
    await motion.destroy(id: "user")
  }
}

private func expectDenied<Element>(
  _ sensor: MotionSensor, _ stream: AsyncThrowingStream<Element, any Error>, base: String
) async {
  var updates = stream.makeAsyncIterator()
  do {
    _ = try await updates.next()
    Issue.record("the \(sensor) stream should have been denied")
  } catch let error as MotionError {
    guard case .readerFailed(sensor, .permissionDenied(let path, _)) = error else {
      Issue.record("unexpected \(error)")
      return
    }
    #expect(path.contains(base), "the error names the file: \(path)")
    #expect(error.description.contains("Permission denied"), "\(error)")
  } catch {
    Issue.record("unexpected \(error)")
  }
}

/// The half of ``MotionClientPermissionTests`` that runs as `nobody`.
@Suite(
  .tags(.integration),
  .enabled(
    if: ChildProcess.isChild(MotionClientPermissionTests.childMode),
    "runs only as the unprivileged child of MotionClientPermissionTests"))
struct MotionClientPermissionChildTests {
  @Test func denied() async throws {
    let base = try #require(ProcessInfo.processInfo.environment[ChildProcess.treeVariable])
    try await MotionClientPermissionTests.check(base: base)
  }
}
