import Foundation
import Glibc
import LinuxIIO
import SensorsTestSupport
import Testing

/// Permission denied, for real: the checks run as an unprivileged user against files owned by
/// root. Run as root (CI, containers), the test binary re-runs itself under
/// `setpriv --reuid=nobody`; run as a normal user, file modes alone deny access.
@Suite("Permission denied", .tags(.integration))
struct PermissionTests {
  /// A tree with three devices a non-root user may not fully use: a HID accelerometer whose
  /// character device is root-only, a copy whose node is readable but whose sysfs files are not
  /// writable, and an LSM6DSOX with one unreadable raw attribute.
  static func makeTree() throws -> (SysfsTree, FakeCharacterDevice, FakeCharacterDevice) {
    let tree = try SysfsTree(fixtures: ["isp-iio-buffer-accel"], in: .module)
    try tree.add(
      fixture: "isp-iio-buffer-accel", in: .module,
      renaming: ["iio:device0": "iio:device1", "trigger0": "trigger1"])
    try tree.add(
      fixture: "forum-lsm6dsox", in: .module,
      renaming: ["iio:device1": "iio:device2", "trigger1": "trigger2"])
    let closedNode = try FakeCharacterDevice(tree: tree, index: 0)
    let openNode = try FakeCharacterDevice(tree: tree, index: 1)
    for path in try FileManager.default.subpathsOfDirectory(atPath: tree.root) {
      chmod(
        tree.root + "/" + path, TestFiles.isDirectoryPath(tree.root + "/" + path) ? 0o755 : 0o644)
    }
    chmod(openNode.path, 0o666)
    chmod(tree.root + "/iio:device2/in_accel_x_raw", 0o600)
    for ancestor in [
      tree.base, tree.base + "/sys", tree.base + "/sys/bus",
      tree.base + "/sys/bus/iio", tree.root, tree.devDirectory,
    ] {
      chmod(ancestor, 0o755)
    }
    return (tree, closedNode, openNode)
  }

  @Test(
    "Opening the character device, enabling scan elements and reading an attribute each say what was denied"
  )
  func denied() async throws {
    let (tree, closedNode, openNode) = try Self.makeTree()
    defer { _ = (closedNode, openNode) }
    if getuid() != 0 {
      try await Self.check(root: tree.root, devDirectory: tree.devDirectory)
      return
    }
    guard let setpriv = ChildProcess.executable("setpriv") else {
      Issue.record(
        "running as root without setpriv (util-linux): cannot drop privileges to test EACCES")
      return
    }
    if let blocked = try ChildProcess.pathClosedToOthers() {
      Issue.record(
        """
        uid 65534 cannot reach the test binary: \(blocked) is closed to other users, so \
        `setpriv --reuid=65534` cannot run it. Build in a world-readable checkout (e.g. not under \
        /root) or run the tests as a normal user.
        """)
      return
    }
    let outcome = try await ChildProcess.run(
      wrapper: [setpriv, "--reuid=65534", "--regid=65534", "--clear-groups"],
      test: "LinuxIIOTests.PermissionChildTests/denied()", mode: "unprivileged",
      environment: [ChildProcess.treeVariable: tree.base])
    #expect(outcome.passed, "child test as nobody failed:\n\(outcome.output)")
  }

  /// The checks themselves, run by whoever lacks the permissions.
  static func check(root: String, devDirectory: String) async throws {
    let system = IIOSystem(root: root, deviceDirectory: devDirectory)
    let closed = try system.device(index: 0)
    let reader = try IIOBufferedReader(device: closed, channels: closed.channels(ofType: .accel))
    await #expect(throws: IIOError.permissionDenied(path: closed.deviceNode, operation: "open")) {
      for try await _ in reader.samples() {}
    }

    let readOnly = try system.device(index: 1)
    let readOnlyReader = try IIOBufferedReader(
      device: readOnly, channels: readOnly.channels(ofType: .accel))
    await #expect(
      throws: IIOError.permissionDenied(
        path: readOnly.path + "/scan_elements/in_accel_x_en", operation: "write")
    ) {
      for try await _ in readOnlyReader.samples() {}
    }

    let lsm = try system.device(index: 2)
    let poller = try IIOPollingReader(
      device: lsm, channels: lsm.channels(ofType: .accel), interval: .seconds(1))
    #expect(
      throws: IIOError.permissionDenied(path: lsm.path + "/in_accel_x_raw", operation: "read")
    ) {
      try poller.read()
    }
    #expect(
      IIOError.permissionDenied(path: "/dev/iio:device0", operation: "open").description.contains(
        "udev rule"))
  }
}

/// The unprivileged half of ``PermissionTests``; skipped in a normal run.
@Suite(
  "Permission denied (child side)", .tags(.integration),
  .enabled(
    if: ChildProcess.isChild("unprivileged"),
    "runs only as an unprivileged child started by the permission tests"))
struct PermissionChildTests {
  @Test func denied() async throws {
    let base = try #require(ProcessInfo.processInfo.environment[ChildProcess.treeVariable])
    #expect(getuid() != 0)
    try await PermissionTests.check(
      root: base + "/sys/bus/iio/devices", devDirectory: base + "/dev")
  }
}
